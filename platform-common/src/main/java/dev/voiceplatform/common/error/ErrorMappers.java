package dev.voiceplatform.common.error;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.voiceplatform.common.correlation.CorrelationIds;
import dev.voiceplatform.common.db.StoreFailureLog;
import dev.voiceplatform.common.db.StoreFailures;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.RestResponse;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Turns every failure a resource can raise into the error envelope of part 7. */
public class ErrorMappers {

    private static final Logger LOG = Logger.getLogger(ErrorMappers.class);
    private static final StoreFailureLog STORE_FAILURES = new StoreFailureLog(LOG);

    private final JsonFieldNames jsonFieldNames;

    public ErrorMappers(JsonFieldNames jsonFieldNames) {
        this.jsonFieldNames = jsonFieldNames;
    }

    @ServerExceptionMapper
    public RestResponse<ErrorEnvelope> apiException(ApiException e) {
        return respond(e);
    }

    @ServerExceptionMapper
    public RestResponse<ErrorEnvelope> constraintViolation(ConstraintViolationException e) {
        List<FieldError> fields = new ArrayList<>();
        for (ConstraintViolation<?> violation : e.getConstraintViolations()) {
            fields.add(new FieldError(fieldName(violation), violation.getMessage()));
        }
        fields.sort(Comparator.comparing(FieldError::field));
        return respond(ApiException.validation(fields));
    }

    @ServerExceptionMapper
    public RestResponse<ErrorEnvelope> mismatchedInput(MismatchedInputException e) {
        return respond(fromJsonProblem(e));
    }

    @ServerExceptionMapper
    public RestResponse<ErrorEnvelope> unreadableJson(JsonProcessingException e) {
        return respond(fromJsonProblem(e));
    }

    /**
     * A body sent with a type the endpoint does not read (JSON posted as text/plain, or with no type) is a body the
     * service cannot read: 400 INVALID_REQUEST, part 7's code for that, rather than the framework's bare 415.
     */
    @ServerExceptionMapper
    public RestResponse<ErrorEnvelope> unsupportedMediaType(NotSupportedException e, HttpHeaders headers) {
        String sent = headers.getHeaderString(HttpHeaders.CONTENT_TYPE);
        // The media type alone: parameters such as a charset do not change what the body is.
        String mediaType = sent == null ? "" : sent.split(";", 2)[0].strip();
        String message = mediaType.isEmpty()
                ? "The body has no Content-Type; this endpoint reads application/json"
                : "The body was sent as " + mediaType + "; this endpoint reads application/json";
        return respond(ApiException.of(ErrorCode.INVALID_REQUEST, message)
                .withHint("Send the JSON body with the header Content-Type: application/json."));
    }

    @ServerExceptionMapper
    public RestResponse<ErrorEnvelope> unauthorized(UnauthorizedException e) {
        return respond(ApiException.of(ErrorCode.NOT_AUTHENTICATED, "Authentication required"));
    }

    @ServerExceptionMapper
    public RestResponse<ErrorEnvelope> authenticationFailed(AuthenticationFailedException e) {
        return respond(ApiException.of(ErrorCode.NOT_AUTHENTICATED, "Authentication required"));
    }

    @ServerExceptionMapper
    public RestResponse<ErrorEnvelope> forbidden(ForbiddenException e) {
        return respond(ApiException.of(ErrorCode.INSUFFICIENT_SCOPE, "The token lacks the scope this endpoint needs"));
    }

    @ServerExceptionMapper
    public RestResponse<ErrorEnvelope> webApplication(WebApplicationException e) {
        Throwable cause = e.getCause();
        if (cause instanceof JsonProcessingException json) {
            return respond(fromJsonProblem(json));
        }
        int status = e.getResponse().getStatus();
        if (status >= 500) {
            return unexpected(e);
        }
        ErrorCode code = switch (status) {
            case 400 -> ErrorCode.INVALID_REQUEST;
            case 401 -> ErrorCode.NOT_AUTHENTICATED;
            case 403 -> ErrorCode.FORBIDDEN;
            case 404 -> ErrorCode.NOT_FOUND;
            case 413 -> ErrorCode.BODY_TOO_LARGE;
            default -> ErrorCode.REQUEST_FAILED;
        };
        String message = status == 404 ? "No such resource" : e.getMessage();
        return respond(ApiException.of(code, message).withStatus(status));
    }

    @ServerExceptionMapper
    public RestResponse<ErrorEnvelope> unexpected(Throwable e) {
        if (StoreFailures.unreachable(e)) {
            // A database outage is no fault of the request: 503, and one line per kind of failure, not one per request.
            STORE_FAILURES.failed("A database could not be used", e);
            return respond(ApiException.of(ErrorCode.SERVICE_UNAVAILABLE, "The service is temporarily unavailable"));
        }
        LOG.errorf(e, "Unexpected failure (correlation id %s)", CorrelationIds.current());
        return respond(ApiException.of(ErrorCode.INTERNAL_ERROR, "Internal error"));
    }

    private ApiException fromJsonProblem(JsonProcessingException e) {
        if (e instanceof MismatchedInputException mismatch && !mismatch.getPath().isEmpty()) {
            return ApiException.validation(jsonPath(mismatch.getPath()), "has the wrong type");
        }
        return ApiException.of(ErrorCode.INVALID_REQUEST, "The body is not valid JSON");
    }

    private static String jsonPath(List<JsonMappingException.Reference> path) {
        StringBuilder out = new StringBuilder();
        for (JsonMappingException.Reference reference : path) {
            if (reference.getFieldName() != null) {
                if (!out.isEmpty()) {
                    out.append('.');
                }
                out.append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                out.append('[').append(reference.getIndex()).append(']');
            }
        }
        return out.toString();
    }

    private String fieldName(ConstraintViolation<?> violation) {
        List<String> properties = new ArrayList<>();
        String parameter = null;
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.getKind() == ElementKind.PARAMETER) {
                parameter = node.getName();
            } else if (node.getKind() == ElementKind.PROPERTY && node.getName() != null) {
                properties.add(node.getName());
            }
        }
        if (properties.isEmpty()) {
            return parameter;
        }
        // The leaf bean owns the last property; its JSON name is what the client sent.
        Object leafBean = violation.getLeafBean();
        int last = properties.size() - 1;
        if (leafBean != null) {
            properties.set(last, jsonFieldNames.jsonName(leafBean.getClass(), properties.get(last)));
        }
        return String.join(".", properties);
    }

    private static RestResponse<ErrorEnvelope> respond(ApiException e) {
        RestResponse.ResponseBuilder<ErrorEnvelope> response = RestResponse.ResponseBuilder.<ErrorEnvelope>create(
                e.status()).entity(e.toEnvelope()).type(MediaType.APPLICATION_JSON_TYPE);
        e.headers().forEach(response::header);
        return response.build();
    }
}
