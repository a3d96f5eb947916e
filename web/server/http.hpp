// The hub on the network: HTTP for the page and the lobby's requests, WebSocket for the tables (Boost.Beast
// over Asio, one thread: the hub is never touched from two at once).
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "web/server/hub.hpp"

namespace spades::web {

// The page's files, built into the binary (web/static/, embedded by CMake): the one set served.
struct asset {
  const char* path;  // "/", "/app.js"
  const char* type;  // its Content-Type
  const unsigned char* data;
  unsigned long size;
};
const asset* find_asset(const std::string& path);

// Listens on host:port (port 0: any free port) at once (std::runtime_error when it cannot); run() serves
// until stop(), which another thread may call. A request is answered only when its Host header is an IP
// address, localhost, or one of `allowed_names` (lower case; see host_allowed).
class server {
 public:
  server(hub& h, const std::string& host, int port, std::vector<std::string> allowed_names = {});
  ~server();
  int port() const;
  void run();
  void stop();

 private:
  struct impl;
  std::unique_ptr<impl> p_;
};

// The origin a page served from `host` (the request's Host header) has: a WebSocket from any other is refused.
bool origin_allowed(const std::string& origin, const std::string& host);

// Whether a request's Host header (`name[:port]`, `[v6]:port`) names this server as the host allowed it: an IP
// address, `localhost`, or one of `names` (lower case), any case; an empty or malformed header is refused.
// Without it a page of another site could reach the server under that site's own name (DNS rebinding).
bool host_allowed(const std::string& host, const std::vector<std::string>& names);

}  // namespace spades::web
