#include "run/pass_link.h"

#include <poll.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "report/pass_codec.h"
#include "report/report_json.h"

namespace sudoku_bench {
namespace {

constexpr std::size_t kHeader = 1 + sizeof(std::uint64_t);

// CBOR keeps every byte of a string as it is (a file named in bad UTF-8 stays so), where JSON text
// would have to replace them.
std::string binary(const nlohmann::ordered_json& json) {
  const std::vector<std::uint8_t> bytes = nlohmann::ordered_json::to_cbor(json);
  return {bytes.begin(), bytes.end()};
}

extern "C" ssize_t write_to_link(void* cookie, const char* data, std::size_t size) {
  static_cast<PassLink*>(cookie)->answers(std::string(data, size));
  return static_cast<ssize_t>(size);
}

}  // namespace

std::FILE* open_answers(PassLink& link) {
  cookie_io_functions_t io{};
  io.write = write_to_link;
  std::FILE* stream = fopencookie(&link, "w", io);
  if (stream) setvbuf(stream, nullptr, _IOFBF, 1 << 16);
  return stream;
}

void PassLink::head(const Report& report) {
  Report head = report;
  head.passes.clear();
  send(LinkFrame::head, binary(to_json(head)));
}

void PassLink::pass(std::size_t order, const MeasuredPass& pass) {
  send(LinkFrame::pass, std::to_string(order) + "\n" + pass_bytes(pass));
}

void PassLink::progress(const nlohmann::ordered_json& json) { send(LinkFrame::progress, binary(json)); }

void PassLink::exiting(const std::string& what) {
  // exit() may be called while this thread or another sends: a frame is never interleaved.
  if (getpid() != owner_) return;
  std::unique_lock lock(mutex_, std::try_to_lock);
  if (lock.owns_lock()) send_locked(LinkFrame::exiting, what);
}

void PassLink::send(LinkFrame type, const std::string& text) {
  // A copy of the process forked by a solver (which may hold the lock, taken mid-frame) sends
  // nothing: its passes and lines would be counted twice, or cut the child's frames.
  if (getpid() != owner_) return;
  const std::lock_guard lock(mutex_);
  send_locked(type, text);
}

void PassLink::send_locked(LinkFrame type, const std::string& text) {
  std::string frame(kHeader, '\0');
  frame[0] = static_cast<char>(type);
  const std::uint64_t size = text.size();
  std::memcpy(frame.data() + 1, &size, sizeof size);
  frame += text;
  for (std::size_t done = 0; done < frame.size() && fd_ >= 0;) {
    // MSG_NOSIGNAL: a supervisor gone is an error here, not a SIGPIPE.
    const ssize_t n = ::send(fd_, frame.data() + done, frame.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      fd_ = -1;
      return;
    }
    done += static_cast<std::size_t>(n);
  }
}

bool LinkReader::read(int wait_ms) {
  pollfd p{fd_, POLLIN, 0};
  if (poll(&p, 1, wait_ms) <= 0) return true;
  char chunk[65536];
  for (;;) {
    const ssize_t n = recv(fd_, chunk, sizeof chunk, MSG_DONTWAIT);
    if (n > 0) {
      buffer_.append(chunk, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);  // all read for now; else closed
  }
}

std::optional<std::pair<LinkFrame, std::string>> LinkReader::next() {
  if (buffer_.size() - at_ < kHeader) return std::nullopt;
  std::uint64_t size = 0;
  std::memcpy(&size, buffer_.data() + at_ + 1, sizeof size);
  if (buffer_.size() - at_ - kHeader < size) return std::nullopt;
  std::pair<LinkFrame, std::string> frame{static_cast<LinkFrame>(buffer_[at_]), buffer_.substr(at_ + kHeader, size)};
  at_ += kHeader + size;
  if (at_ == buffer_.size()) {
    buffer_.clear();
    at_ = 0;
  }
  return frame;
}

nlohmann::ordered_json from_binary(std::string_view bytes) { return nlohmann::ordered_json::from_cbor(bytes); }

}  // namespace sudoku_bench
