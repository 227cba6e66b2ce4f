package dev.voiceplatform.common.outbound;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/** Resolves a host name to every address it has. Blocking: call it on a worker thread. */
public interface HostResolver {

    List<InetAddress> resolve(String host) throws UnknownHostException;
}
