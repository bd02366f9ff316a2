#include "run/report_bytes.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <string_view>
#include <vector>

#include "sys/io_error.h"

namespace sudoku_bench {
namespace {

std::string errno_text(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

IoError not_regular(const std::string& path, mode_t mode) {
  if (S_ISDIR(mode)) return IoError(path, "is a directory");
  return IoError(path, std::string("is ") + kind_of(mode) +
                           ", not a regular file: reports are read from regular files or - (standard input)");
}

// A descriptor to read `path` from. stat first, and O_NONBLOCK, so that nothing but a regular file
// is ever opened in a way that waits (a FIFO's open waits for a writer); fstat then closes the race
// with a file replaced in between.
int open_report(const std::string& path) {
  if (path == "-") {
    const int fd = dup(STDIN_FILENO);
    if (fd < 0) throw IoError("<stdin>", errno_text("cannot open"));
    return fd;
  }
  struct stat st {};
  if (stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) throw not_regular(path, st.st_mode);
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) throw IoError(path, errno_text("cannot open"));
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    const mode_t mode = st.st_mode;
    close(fd);
    throw not_regular(path, mode);
  }
  return fd;
}

IoError too_large(const std::string& name, const char* how) {
  return IoError(name, std::string(how) + " more than 1 GiB (" + std::to_string(kReportBytesLimit) +
                           " bytes), the most a report is read to: no report is that large");
}

// Whether `bytes`, the start of the input, may still be a report: JSON text beginning with '{'
// (after blanks and a byte-order mark), or gzip data.
bool may_be_report(const std::vector<char>& bytes) {
  const std::string_view text(bytes.data(), bytes.size());
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return true;
  const unsigned char c = static_cast<unsigned char>(text[first]);
  return c == '{' || c == 0xEF || (first == 0 && c == 0x1f);
}

// Room for `more` bytes, doubling but never past the limit, so that reading up to it takes 1.5 GiB
// at most, not 3 (a vector, not a string: a string's reserve doubles past what it is asked).
void grow_within_limit(std::vector<char>& bytes, std::size_t more) {
  if (bytes.capacity() >= bytes.size() + more) return;
  // Powers of two: the last step is from 512 MiB to the limit, never from just under it.
  bytes.reserve(std::min<std::size_t>(std::bit_ceil(bytes.size() + more), kReportBytesLimit));
}

// Every byte until the end (or until they cannot be a report). poll's timeout lets a signal that
// came just before the wait still stop it within a tenth of a second.
std::vector<char> read_all(int fd, const std::string& name, const std::atomic<bool>* stop) {
  std::vector<char> bytes;
  std::vector<char> block(1 << 17);
  for (;;) {
    if (stop && stop->load(std::memory_order_acquire)) throw ReadStopped(name);
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, 100) <= 0) continue;  // EINTR: the loop's test sees the signal's flag
    const ssize_t n = ::read(fd, block.data(), block.size());
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n < 0) throw IoError(name, errno_text("read error"));
    if (n == 0) return bytes;
    if (bytes.size() + static_cast<std::size_t>(n) > kReportBytesLimit) throw too_large(name, "holds");
    grow_within_limit(bytes, static_cast<std::size_t>(n));
    bytes.insert(bytes.end(), block.data(), block.data() + n);
    if (!may_be_report(bytes)) return bytes;
  }
}

bool is_gzip(const std::vector<char>& bytes, std::size_t at = 0) {
  return bytes.size() >= at + 2 && static_cast<unsigned char>(bytes[at]) == 0x1f &&
         static_cast<unsigned char>(bytes[at + 1]) == 0x8b;
}

// One gzip member from `in` onwards into `out`; returns where the next member would start.
std::size_t inflate_member(z_stream& z, const std::vector<char>& in, std::size_t from, std::vector<char>& out,
                           const std::string& name, const std::atomic<bool>* stop) {
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data() + from));  // zlib reads it only
  z.avail_in = static_cast<uInt>(std::min<std::size_t>(in.size() - from, 1u << 30));
  std::vector<char> block(1 << 20);
  for (int ret = Z_OK; ret != Z_STREAM_END;) {
    if (stop && stop->load(std::memory_order_acquire)) throw ReadStopped(name);
    z.next_out = reinterpret_cast<Bytef*>(block.data());
    z.avail_out = static_cast<uInt>(block.size());
    ret = inflate(&z, Z_NO_FLUSH);
    if (ret == Z_BUF_ERROR)  // no progress: the input ended inside the stream
      throw IoError(name, "truncated gzip data (unexpected end of file)");
    if (ret != Z_OK && ret != Z_STREAM_END)
      throw IoError(name, std::string("corrupt gzip data: ") + (z.msg ? z.msg : "unknown error"));
    const std::size_t got = block.size() - z.avail_out;
    if (out.size() + got > kReportBytesLimit) throw too_large(name, "decompresses to");
    grow_within_limit(out, got);
    out.insert(out.end(), block.data(), block.data() + got);
  }
  return in.size() - z.avail_in;
}

// The text of gzip data: every member, as gzip -d gives it; what follows the last is left out.
std::vector<char> gunzip(const std::vector<char>& in, const std::string& name, const std::atomic<bool>* stop) {
  z_stream z{};
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) throw IoError(name, "cannot read gzip data: out of memory");
  std::vector<char> out;
  try {
    for (std::size_t at = 0; is_gzip(in, at); inflateReset(&z)) at = inflate_member(z, in, at, out, name, stop);
  } catch (...) {
    inflateEnd(&z);
    throw;
  }
  inflateEnd(&z);
  return out;
}

}  // namespace

std::vector<char> read_report_bytes(const std::string& path, const std::atomic<bool>* stop) {
  const std::string name = path == "-" ? "<stdin>" : path;
  const int fd = open_report(path);
  std::vector<char> bytes;
  try {
    bytes = read_all(fd, name, stop);
  } catch (...) {
    close(fd);
    throw;
  }
  close(fd);
  return is_gzip(bytes) ? gunzip(bytes, name, stop) : bytes;
}

}  // namespace sudoku_bench
