package dev.voiceplatform.agents;
import jakarta.ws.rs.*;
@Path("/ping") public class Ping { @GET public String ping() { return "pong"; } }
