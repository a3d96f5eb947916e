// spades serve over a real loopback socket: the page and the API over HTTP, a seat joined over a WebSocket,
// a WebSocket from another origin refused, and a request with no route.
#include <catch2/catch.hpp>

#include <thread>

#include <boost/asio.hpp>
#include <boost/beast.hpp>

#include "web/server/http.hpp"

using namespace spades;
using namespace spades::web;
namespace beast = boost::beast;
namespace bhttp = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// A server on a free port of 127.0.0.1, run on a thread of its own for the test's length.
struct running {
  hub h;
  server s;
  std::thread t;
  running() : h([] {
                hub_config c;
                c.rulesets_dir = std::string(SPADES_SOURCE_DIR) + "/rulesets";
                c.search = {c.rulesets_dir};
                return c;
              }()),
              s(h, "127.0.0.1", 0), t([this] { s.run(); }) {}
  ~running() {
    s.stop();
    t.join();
  }
};

bhttp::response<bhttp::string_body> http_request(int port, bhttp::verb verb, const std::string& target, const std::string& body = "") {
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), (unsigned short)port));
  bhttp::request<bhttp::string_body> req{verb, target, 11};
  req.set(bhttp::field::host, "127.0.0.1:" + std::to_string(port));
  req.body() = body;
  req.prepare_payload();
  bhttp::write(stream, req);
  beast::flat_buffer buf;
  bhttp::response<bhttp::string_body> res;
  bhttp::read(stream, buf, res);
  return res;
}

}  // namespace

TEST_CASE("serve over a socket: the page, the lobby, a seat joined by WebSocket", "[serve]") {
  running srv;
  const int port = srv.s.port();
  auto page = http_request(port, bhttp::verb::get, "/");
  CHECK(page.result_int() == 200);
  CHECK(page.body().find("<title>spades: a table</title>") != std::string::npos);
  CHECK(std::string(page[bhttp::field::content_type]) == "text/html; charset=utf-8");
  CHECK(http_request(port, bhttp::verb::get, "/../etc/passwd").result_int() == 404);
  CHECK(http_request(port, bhttp::verb::get, "/table.js").result_int() == 200);
  auto made = http_request(port, bhttp::verb::post, "/api/tables",
                           R"({"ruleset": "standard", "seats": [{"player": "rule"}, {"player": "rule"}, {"player": "person"}, {"player": "rule"}]})");
  REQUIRE(made.result_int() == 200);
  const json created = json::parse(made.body());
  const std::string token = created["seats"][2]["token"];
  CHECK(token.size() == 32);

  net::io_context io;
  websocket::stream<beast::tcp_stream> ws(io);
  beast::get_lowest_layer(ws).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), (unsigned short)port));
  const std::string host = "127.0.0.1:" + std::to_string(port);
  ws.set_option(websocket::stream_base::decorator([&](websocket::request_type& r) { r.set(bhttp::field::origin, "http://" + host); }));
  ws.handshake(host, "/ws");
  ws.write(net::buffer(json{{"type", "join"}, {"token", token}}.dump()));
  beast::flat_buffer buf;
  ws.read(buf);
  CHECK(json::parse(beast::buffers_to_string(buf.data()))["type"] == "hello");
  buf.consume(buf.size());
  ws.read(buf);
  const json view = json::parse(beast::buffers_to_string(buf.data()));
  CHECK(view["type"] == "view");
  CHECK(view["seat"] == 2);
  ws.close(websocket::close_code::normal);
}

TEST_CASE("serve over a socket: a WebSocket from another origin is refused", "[serve]") {
  running srv;
  const int port = srv.s.port();
  net::io_context io;
  websocket::stream<beast::tcp_stream> ws(io);
  beast::get_lowest_layer(ws).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), (unsigned short)port));
  ws.set_option(websocket::stream_base::decorator([](websocket::request_type& r) { r.set(bhttp::field::origin, "http://evil.example"); }));
  websocket::response_type res;
  beast::error_code ec;
  ws.handshake(res, "127.0.0.1:" + std::to_string(port), "/ws", ec);
  CHECK(ec == websocket::error::upgrade_declined);
  // the refusal itself, as an HTTP answer to the upgrade
  net::io_context io2;
  beast::tcp_stream stream(io2);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), (unsigned short)port));
  bhttp::request<bhttp::string_body> req{bhttp::verb::get, "/ws", 11};
  req.set(bhttp::field::host, "127.0.0.1:" + std::to_string(port));
  req.set(bhttp::field::upgrade, "websocket");
  req.set(bhttp::field::connection, "upgrade");
  req.set(bhttp::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
  req.set(bhttp::field::sec_websocket_version, "13");
  req.set(bhttp::field::origin, "http://evil.example");
  bhttp::write(stream, req);
  beast::flat_buffer buf;
  bhttp::response<bhttp::string_body> refused;
  bhttp::read(stream, buf, refused);
  CHECK(refused.result_int() == 403);
  CHECK(refused.body() == R"({"error": "a WebSocket is accepted from this server's own page only"})");
  CHECK(origin_allowed("http://127.0.0.1:8080", "127.0.0.1:8080"));
  CHECK_FALSE(origin_allowed("http://127.0.0.1:8081", "127.0.0.1:8080"));
  CHECK_FALSE(origin_allowed("", "127.0.0.1:8080"));
}

TEST_CASE("serve over a socket: a request addressed by a name the host did not allow is refused (DNS rebinding)", "[serve]") {
  running srv;
  const int port = srv.s.port();
  const auto ask = [&](const std::string& host) {
    net::io_context io;
    beast::tcp_stream stream(io);
    stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), (unsigned short)port));
    bhttp::request<bhttp::string_body> req{bhttp::verb::get, "/api/rulesets", 11};
    req.set(bhttp::field::host, host);
    bhttp::write(stream, req);
    beast::flat_buffer buf;
    bhttp::response<bhttp::string_body> res;
    bhttp::read(stream, buf, res);
    return res;
  };
  // a page of evil.example whose name now points at 127.0.0.1 asks with its own name: refused, nothing read
  auto r = ask("evil.example:" + std::to_string(port));
  CHECK(r.result_int() == 403);
  CHECK(r.body() == R"({"error":"this server answers to its addresses and to localhost; to open it as 'evil.example', start it with --allow-host evil.example"})");
  r = ask("a\"b");
  CHECK(r.result_int() == 403);
  CHECK(r.body() == R"({"error":"this server answers to its addresses and to localhost, and the request's Host header names neither"})");
  CHECK(ask("localhost:" + std::to_string(port)).result_int() == 200);
  CHECK(ask("LocalHost").result_int() == 200);
  CHECK(ask("127.0.0.1:" + std::to_string(port)).result_int() == 200);
}

TEST_CASE("serve: which Host headers are this server's", "[serve]") {
  const std::vector<std::string> none, names{"table.lan"};
  CHECK(host_allowed("127.0.0.1:8080", none));
  CHECK(host_allowed("192.168.1.5", none));
  CHECK(host_allowed("[::1]:8080", none));
  CHECK(host_allowed("[::1]", none));
  CHECK(host_allowed("localhost:8080", none));
  CHECK(host_allowed("TABLE.lan:8080", names));
  CHECK_FALSE(host_allowed("table.lan:8080", none));
  CHECK_FALSE(host_allowed("", none));
  CHECK_FALSE(host_allowed(":8080", none));
  CHECK_FALSE(host_allowed("127.0.0.1:", none));
  CHECK_FALSE(host_allowed("127.0.0.1:80a", none));
  CHECK_FALSE(host_allowed("[::1", none));
  CHECK_FALSE(host_allowed("[::1]x", none));
  CHECK_FALSE(host_allowed("[nonsense]:80", none));
  CHECK_FALSE(host_allowed("127.0.0.1.evil.example", none));
  CHECK_FALSE(host_allowed("localhost.evil.example", none));
}
