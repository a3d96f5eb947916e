// HTTP and WebSocket with Boost.Beast: a fixed set of routes (the page's built-in files and the lobby's
// API; no path from a request reaches the file system), bodies and messages bounded, and a WebSocket
// accepted only from the page's own origin.
#include "web/server/http.hpp"

#include <algorithm>
#include <deque>
#include <memory>

#include <boost/asio.hpp>
#include <boost/beast.hpp>

#include <fmt/format.h>

namespace spades::web {

namespace beast = boost::beast;
namespace bhttp = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using request = bhttp::request<bhttp::string_body>;
using response = bhttp::response<bhttp::string_body>;

bool origin_allowed(const std::string& origin, const std::string& host) { return !host.empty() && origin == "http://" + host; }

bool host_allowed(const std::string& host, const std::vector<std::string>& names) {
  std::string name = host;
  if (!name.empty() && name[0] == '[') {  // an IPv6 literal, [::1]:8080
    const size_t close = name.find(']');
    if (close == std::string::npos) return false;
    const std::string rest = name.substr(close + 1);
    if (!rest.empty() && (rest[0] != ':' || rest.size() == 1 || rest.find_first_not_of("0123456789", 1) != std::string::npos)) return false;
    name = name.substr(1, close - 1);
    beast::error_code ec;
    net::ip::make_address_v6(name, ec);
    return !ec;
  }
  if (const size_t colon = name.rfind(':'); colon != std::string::npos) {
    if (colon + 1 == name.size() || name.find_first_not_of("0123456789", colon + 1) != std::string::npos) return false;
    name.erase(colon);
  }
  if (name.empty()) return false;
  beast::error_code ec;
  net::ip::make_address_v4(name, ec);
  if (!ec) return true;
  for (char& c : name) c = (char)std::tolower((unsigned char)c);
  return name == "localhost" || std::find(names.begin(), names.end(), name) != names.end();
}

namespace {
std::string query_value(const std::string& target, const std::string& key);
}  // namespace

// The routes: the page's files, then the lobby's API; anything else is 404.
answer route_request(hub& h, const std::string& method, const std::string& target, const std::string& body) {
  const std::string path = target.substr(0, target.find('?'));
  const bool get = method == "GET", post = method == "POST";
  if (get) {
    if (const asset* f = find_asset(path)) return {200, std::string((const char*)f->data, f->size), f->type, ""};
    if (path == "/api/rulesets") return h.rulesets();
    if (path == "/api/history") return h.history(query_value(target, "ruleset"), query_value(target, "player"));
    if (path == "/api/record") return h.download(query_value(target, "token"), query_value(target, "format") == "pbn");
  }
  if (post && path == "/api/check") return h.check(body);
  if (post && path == "/api/tables") return h.create(body);
  if (post && path == "/api/describe") return h.describe(body);
  if (post && path == "/api/simulate") return h.simulate(body);
  return {404, R"({"error": "no such page"})"};
}

namespace {

// Why a Host header is refused, naming the --allow-host that would let it in when it is a plain host name.
std::string host_refusal(const std::string& host) {
  const std::string name = host.substr(0, host.rfind(':'));
  const bool plain = !name.empty() && name.size() <= 253 && name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-") == std::string::npos;
  const std::string why = plain ? fmt::format("this server answers to its addresses and to localhost; to open it as '{}', start it with --allow-host {}", name, name)
                                : "this server answers to its addresses and to localhost, and the request's Host header names neither";
  return json{{"error", why}}.dump();
}

// Messages waiting to be written to a slow client: past this the connection is closed, not the memory spent.
constexpr size_t max_queued_messages = 256;

class ws_session : public std::enable_shared_from_this<ws_session> {
 public:
  ws_session(tcp::socket&& s, hub& h) : ws_(std::move(s)), h_(h) {}
  void start(request req) {
    // a little room over the limit, so that a message just past it is refused in words, not by closing
    ws_.read_message_max(2 * max_web_message_bytes);
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    auto self = shared_from_this();
    ws_.async_accept(req, [self](beast::error_code ec) {
      if (ec) return;
      std::weak_ptr<ws_session> weak = self;
      self->conn_ = self->h_.open([weak](const std::string& m) {
        if (auto s = weak.lock()) s->send(m);
      });
      self->read();
    });
  }

 private:
  void read() {
    auto self = shared_from_this();
    ws_.async_read(buf_, [self](beast::error_code ec, size_t) {
      if (ec) {
        self->h_.close(self->conn_);
        return;
      }
      self->h_.receive(self->conn_, beast::buffers_to_string(self->buf_.data()));
      self->buf_.consume(self->buf_.size());
      self->read();
    });
  }
  void send(const std::string& m) {
    if (out_.size() >= max_queued_messages) {
      beast::get_lowest_layer(ws_).close();
      return;
    }
    out_.push_back(m);
    if (out_.size() == 1) write();
  }
  void write() {
    auto self = shared_from_this();
    ws_.text(true);
    ws_.async_write(net::buffer(out_.front()), [self](beast::error_code ec, size_t) {
      if (ec) return;
      self->out_.pop_front();
      if (!self->out_.empty()) self->write();
    });
  }
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buf_;
  std::deque<std::string> out_;
  hub& h_;
  int conn_ = -1;
};

std::string query_value(const std::string& target, const std::string& key) {
  const size_t q = target.find('?');
  if (q == std::string::npos) return {};
  const std::string query = target.substr(q + 1);
  for (size_t at = 0; at <= query.size();) {
    size_t end = query.find('&', at);
    if (end == std::string::npos) end = query.size();
    const std::string pair = query.substr(at, end - at);
    if (pair.rfind(key + "=", 0) == 0) return pair.substr(key.size() + 1);
    at = end + 1;
  }
  return {};
}

response make(const request& req, const answer& a) {
  response res{a.status == 200 ? bhttp::status::ok : (bhttp::status)a.status, req.version()};
  res.set(bhttp::field::content_type, a.type);
  res.set(bhttp::field::cache_control, "no-store");
  res.set("X-Content-Type-Options", "nosniff");
  res.set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'");
  if (!a.filename.empty()) res.set(bhttp::field::content_disposition, fmt::format("attachment; filename=\"{}\"", a.filename));
  res.body() = a.body;
  res.keep_alive(req.keep_alive());
  res.prepare_payload();
  return res;
}

response route(hub& h, const request& req) {
  return make(req, route_request(h, std::string(req.method_string()), std::string(req.target()), req.body()));
}

class http_session : public std::enable_shared_from_this<http_session> {
 public:
  http_session(tcp::socket&& s, hub& h, const std::vector<std::string>& names) : stream_(std::move(s)), h_(h), names_(names) {}
  void read() {
    parser_.emplace();
    parser_->body_limit(max_web_message_bytes);
    stream_.expires_after(std::chrono::seconds(60));
    auto self = shared_from_this();
    bhttp::async_read(stream_, buf_, *parser_, [self](beast::error_code ec, size_t) {
      if (ec == bhttp::error::body_limit) return self->reply(self->too_large());
      if (!ec) self->handle(self->parser_->release());
    });
  }

 private:
  response too_large() {
    request r;
    return make(r, {413, fmt::format(R"x({{"error": "the request is too large (the limit is {} KiB)"}})x", max_web_message_bytes >> 10)});
  }
  void handle(request req) {
    // A page of another site may reach this server under a name of its own (DNS rebinding): what the Host
    // header names must be an address, localhost, or a name the host allowed with --allow-host.
    if (const std::string host(req[bhttp::field::host]); !host_allowed(host, names_)) return reply(make(req, {403, host_refusal(host)}));
    if (websocket::is_upgrade(req)) {
      const std::string origin(req[bhttp::field::origin]), host(req[bhttp::field::host]);
      if (req.target() != "/ws" || !origin_allowed(origin, host))
        return reply(make(req, {403, R"({"error": "a WebSocket is accepted from this server's own page only"})"}));
      std::make_shared<ws_session>(stream_.release_socket(), h_)->start(std::move(req));
      return;
    }
    reply(route(h_, req));
  }
  void reply(response res) {
    auto self = shared_from_this();
    auto kept = std::make_shared<response>(std::move(res));
    bhttp::async_write(stream_, *kept, [self, kept](beast::error_code ec, size_t) {
      if (!ec && kept->keep_alive()) self->read();
      else self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    });
  }
  beast::tcp_stream stream_;
  beast::flat_buffer buf_;
  std::optional<bhttp::request_parser<bhttp::string_body>> parser_;
  hub& h_;
  const std::vector<std::string>& names_;
};

void accept(tcp::acceptor& acc, hub& h, const std::vector<std::string>& names) {
  acc.async_accept([&acc, &h, &names](beast::error_code ec, tcp::socket s) {
    if (!ec) std::make_shared<http_session>(std::move(s), h, names)->read();
    accept(acc, h, names);
  });
}

}  // namespace

struct server::impl {
  net::io_context io{1};
  // SIGINT (Ctrl-C) and SIGTERM stop the server as stop() does, caught from its construction on: one sent as
  // soon as the address is printed waits for run(), which then returns at once
  net::signal_set signals{io, SIGINT, SIGTERM};
  tcp::acceptor acc{io};
  hub& h;
  std::vector<std::string> names;
  impl(hub& owner, std::vector<std::string> allowed) : h(owner), names(std::move(allowed)) {}
};

server::server(hub& h, const std::string& host, int port, std::vector<std::string> allowed_names)
    : p_(std::make_unique<impl>(h, std::move(allowed_names))) {
  beast::error_code ec;
  const auto address = net::ip::make_address(host, ec);
  if (ec) throw std::runtime_error(fmt::format("--host: '{}' is not an IP address", host));
  const tcp::endpoint at{address, (unsigned short)port};
  p_->acc.open(at.protocol(), ec);
  if (!ec) p_->acc.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) p_->acc.bind(at, ec);
  if (!ec) p_->acc.listen(net::socket_base::max_listen_connections, ec);
  if (ec) throw std::runtime_error(fmt::format("cannot listen on {}:{}: {}", host, port, ec.message()));
  accept(p_->acc, p_->h, p_->names);
  p_->signals.async_wait([this](const beast::error_code& e, int) {
    if (!e) p_->io.stop();
  });
}

server::~server() = default;
int server::port() const { return p_->acc.local_endpoint().port(); }
// Until stop(), SIGINT or SIGTERM; whoever runs it then returns normally (the tables are written after every
// change: nothing is left to save).
void server::run() { p_->io.run(); }
void server::stop() { p_->io.stop(); }

}  // namespace spades::web
