package dev.voiceplatform.common.outbound;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/** The operating system's resolver; tests replace it to make a public name resolve to a private address. */
@ApplicationScoped
@DefaultBean
public class SystemHostResolver implements HostResolver {

    @Override
    public List<InetAddress> resolve(String host) throws UnknownHostException {
        return List.of(InetAddress.getAllByName(host));
    }
}
