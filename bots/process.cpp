// A child process spoken to line by line (bots/process.hpp).
#include "bots/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace spades {

namespace {

using clock_type = std::chrono::steady_clock;

// Milliseconds left until `deadline`, at least 0.
int left_ms(clock_type::time_point deadline) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock_type::now()).count();
  return ms < 0 ? 0 : (int)ms;
}

}  // namespace

child_process::child_process(const std::string& command) {
  int sv[2];
  // a socket pair rather than two pipes: send() with MSG_NOSIGNAL writes to a bot that has gone without
  // raising SIGPIPE in the whole engine
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) throw std::runtime_error(fmt::format("cannot start it: {}", std::strerror(errno)));
  pid_ = fork();
  if (pid_ < 0) {
    close(sv[0]), close(sv[1]);
    throw std::runtime_error(fmt::format("cannot start it: {}", std::strerror(errno)));
  }
  if (pid_ == 0) {
    setpgid(0, 0);  // its own process group: the shell and what it starts are ended together
    dup2(sv[1], 0);
    dup2(sv[1], 1);
    execl("/bin/sh", "sh", "-c", command.c_str(), (char*)nullptr);
    _exit(127);
  }
  setpgid(pid_, pid_);
  close(sv[1]);
  fd_ = sv[0];
  fcntl(fd_, F_SETFL, fcntl(fd_, F_GETFL) | O_NONBLOCK);
}

child_process::~child_process() {
  if (fd_ >= 0) close(fd_);  // end of its input: a bot reading it exits
  if (pid_ <= 0) return;
  int status = 0;
  for (int i = 0; i < 50; ++i) {  // up to half a second to exit of its own accord
    if (waitpid(pid_, &status, WNOHANG) != 0) {
      kill(-pid_, SIGKILL);  // what the shell started and left behind
      return;
    }
    usleep(10000);
  }
  kill(-pid_, SIGKILL);
  waitpid(pid_, &status, 0);
}

child_process::io child_process::write_line(const std::string& line, int ms) {
  const std::string text = line + "\n";
  const auto deadline = clock_type::now() + std::chrono::milliseconds(ms);
  size_t sent = 0;
  while (sent < text.size()) {
    const ssize_t n = send(fd_, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
    if (n > 0) {
      sent += (size_t)n;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return io::closed;
    pollfd p{fd_, POLLOUT, 0};
    const int r = poll(&p, 1, left_ms(deadline));
    if (r == 0) return io::timeout;
    if (r < 0 && errno != EINTR) return io::closed;
  }
  return io::ok;
}

child_process::io child_process::read_line(std::string& line, int ms, size_t max_bytes) {
  const auto deadline = clock_type::now() + std::chrono::milliseconds(ms);
  for (;;) {
    const size_t nl = buffered_.find('\n');
    if (nl != std::string::npos) {
      if (nl > max_bytes) return io::too_long;
      line = buffered_.substr(0, nl);
      buffered_.erase(0, nl + 1);
      return io::ok;
    }
    if (buffered_.size() > max_bytes) return io::too_long;
    pollfd p{fd_, POLLIN, 0};
    const int r = poll(&p, 1, left_ms(deadline));
    if (r == 0) return io::timeout;
    if (r < 0) {
      if (errno == EINTR) continue;
      return io::closed;
    }
    char buf[4096];
    const ssize_t n = recv(fd_, buf, sizeof buf, 0);
    if (n == 0) return io::closed;
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
      return io::closed;
    }
    buffered_.append(buf, (size_t)n);
  }
}

std::string child_process::exit_words() {
  int status = 0;
  pid_t r = 0;
  // a bot that closed its output may take a moment to be gone
  for (int i = 0; i < 100 && (r = waitpid(pid_, &status, WNOHANG)) == 0; ++i) usleep(10000);
  if (r != pid_) return "closed its output";
  pid_ = -1;
  if (WIFEXITED(status)) return fmt::format("exited with status {}", WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return fmt::format("was killed by signal {}", WTERMSIG(status));
  return "ended";
}

}  // namespace spades
