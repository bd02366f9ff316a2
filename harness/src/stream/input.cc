#include "stream/input.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "stream/mapped_guard.h"

namespace sudoku_bench {
namespace {

gzFile gz(void* p) { return static_cast<gzFile>(p); }

FileIdentity identity_of(const struct stat& st) {
  return {static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino),
          static_cast<std::uint64_t>(st.st_size),
          static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec};
}

// Why an open failed. Out of descriptors is this process's state, not the file's: said so, with
// the limit, since a solver may have lowered it (setrlimit) or leaked them.
std::string cannot_open(int error) {
  std::string why = std::string("cannot open: ") + std::strerror(error);
  if (error == EMFILE) {
    struct rlimit limit {};
    getrlimit(RLIMIT_NOFILE, &limit);
    why += " (this process has used up its " + std::to_string(limit.rlim_cur) +
           " file descriptors, RLIMIT_NOFILE: a solver may have lowered the limit or left files open; the file "
           "itself is not at fault)";
  }
  return why;
}

// Standard input closed when the program started (`<&-`). Its descriptor is then held by
// /dev/null before anything else is opened, so that no file the program opens later becomes
// "standard input" by taking the lowest free descriptor, and "-" is refused by name.
const bool stdin_closed = [] {
  if (fcntl(STDIN_FILENO, F_GETFD) != -1 || errno != EBADF) return false;
  const int fd = open("/dev/null", O_RDONLY);
  if (fd > STDIN_FILENO) close(fd);
  return true;
}();

// The status of a descriptor just opened for `name`; when fstat fails, the descriptor is closed and
// the error names `name`.
struct stat stat_or_close(int fd, const std::string& name) {
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    const int e = errno;
    close(fd);
    throw IoError(name, std::string("cannot stat: ") + std::strerror(e));
  }
  return st;
}

}  // namespace

bool standard_input_closed() { return stdin_closed; }

int start_directory() {
  static const int fd = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
  return fd >= 0 ? fd : AT_FDCWD;
}

std::string sample_fingerprint(const std::string& path) {
  const int fd = openat(start_directory(), path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw IoError(path, cannot_open(errno));
  const struct stat st = stat_or_close(fd, path);
  const std::uint64_t size = static_cast<std::uint64_t>(st.st_size);
  // 64 blocks of 4 KiB spread evenly, the first and the last included: the whole file below 256 KiB.
  constexpr std::uint64_t kBlock = 4096, kBlocks = 64;
  std::vector<unsigned char> block(kBlock);
  std::uint64_t hash = 0x243F6A8885A308D3ULL;
  const std::uint64_t step = size > kBlock * kBlocks ? (size - kBlock) / (kBlocks - 1) : kBlock;
  for (std::uint64_t at = 0; at < size; at += step) {
    std::uint64_t have = 0;
    const std::uint64_t want = std::min(kBlock, size - at);
    while (have < want) {
      const ssize_t n = ::pread(fd, block.data() + have, want - have, static_cast<off_t>(at + have));
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        const int e = errno;
        close(fd);
        throw IoError(path, std::string("read error: ") + std::strerror(e));
      }
      if (n == 0) break;  // shrank meanwhile: the bytes read so far differ anyway
      have += static_cast<std::uint64_t>(n);
    }
    for (std::uint64_t i = 0; i < have; ++i) {
      hash = (hash ^ block[i]) * 0x100000001B3ULL;
      hash ^= hash >> 29;
    }
  }
  close(fd);
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return std::to_string(size) + ":" + hex;
}

bool same_file(const std::string& a, const std::string& b) {
  if (a == b) return true;
  struct stat sa {
  }, sb{};
  return fstatat(start_directory(), a.c_str(), &sa, 0) == 0 && fstatat(start_directory(), b.c_str(), &sb, 0) == 0 &&
         sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

bool read_once(const std::string& path) {
  struct stat st {};
  return path == "-" || (fstatat(start_directory(), path.c_str(), &st, 0) == 0 && !S_ISREG(st.st_mode) &&
                         !S_ISDIR(st.st_mode) && !S_ISBLK(st.st_mode));
}

std::string unreadable_input(const std::string& path) {
  if (read_once(path)) return "";
  const int fd = openat(start_directory(), path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return cannot_open(errno);
  struct stat st {};
  const bool directory = fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
  close(fd);
  return directory ? "is a directory" : "";
}

InputFile::InputFile(const std::string& path, bool map)
    : name_(path == "-" ? "<stdin>" : path), path_(path), is_stdin_(path == "-") {
  if (is_stdin_ && stdin_closed) throw IoError(name_, "cannot read: standard input is closed");
  int fd = is_stdin_ ? dup(STDIN_FILENO) : openat(start_directory(), path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw IoError(name_, cannot_open(errno));
  const struct stat st = stat_or_close(fd, name_);
  if (S_ISDIR(st.st_mode)) {
    close(fd);
    throw IoError(name_, "is a directory");
  }
  seekable_ = !is_stdin_ && (S_ISREG(st.st_mode) || S_ISBLK(st.st_mode));
  if (S_ISREG(st.st_mode)) size_ = static_cast<std::uint64_t>(st.st_size);
  identity_ = identity_of(st);
  fd_ = fd;
  if (map && !is_stdin_ && size_ > 0) {
    void* p = mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p != MAP_FAILED) {
      const auto* bytes = static_cast<const unsigned char*>(p);
      if (size_ >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b) {
        munmap(p, size_);  // gzip: read through zlib
      } else if ((guard_slot_ = mapped_guard::watch(static_cast<const char*>(p), size_)) < 0) {
        munmap(p, size_);  // no guard left for it: read it rather than risk SIGBUS
      } else {
        map_ = static_cast<const char*>(p);
        map_size_ = size_;
        madvise(p, size_, MADV_SEQUENTIAL);
      }
    }
  }
  gz_ = gzdopen(fd, "rb");
  if (!gz_) {
    close(fd);
    throw IoError(name_, "cannot open: out of memory");
  }
  gzbuffer(gz(gz_), 64 * 1024);  // zlib keeps 3x this; larger only adds allocation per pass
}

InputFile::~InputFile() {
  if (gz_) gzclose(gz(gz_));
  mapped_guard::unwatch(guard_slot_);
  if (map_) munmap(const_cast<char*>(map_), map_size_);
}

std::string how_changed(const FileIdentity& was, const FileIdentity& is) {
  if (is.device != was.device || is.inode != was.inode) return "it was replaced by another file";
  if (is.size < was.size)
    return "it shrank from " + std::to_string(was.size) + " to " + std::to_string(is.size) + " bytes";
  if (is.size > was.size)
    return "it grew from " + std::to_string(was.size) + " to " + std::to_string(is.size) + " bytes";
  if (is.mtime_ns != was.mtime_ns) return "it was written to (its modification time changed)";
  return {};
}

std::string InputFile::changed() const {
  if (!seekable_) return {};
  struct stat now {
  }, at_path{};
  if (fstat(fd_, &now) != 0) return std::string("cannot stat it: ") + std::strerror(errno);
  if (std::string change = how_changed(identity_, identity_of(now)); !change.empty()) return change;
  if (fstatat(start_directory(), path_.c_str(), &at_path, 0) != 0) return "it was removed";
  return how_changed(identity_, identity_of(at_path));
}

bool InputFile::truncated() const { return mapped_guard::faulted(guard_slot_); }

bool InputFile::rewind() {
  if (!seekable_) return false;
  if (const std::string change = changed(); !change.empty())
    throw IoError(name_, "changed between two readings of one pass: " + change);
  if (gzrewind(gz(gz_)) != 0) return false;
  pending_error_.clear();
  // The next reading gives pages back from the start again, so that it too stays small. A worker
  // still finishing the last reading may give back a page the new one reads: it is read back in.
  done_.store(0, std::memory_order_release);
  released_.store(0, std::memory_order_relaxed);
  return true;
}

void InputFile::done_before(const char* end) {
  if (!map_ || end < map_ || end > map_ + map_size_) return;
  done_.store(static_cast<std::size_t>(end - map_), std::memory_order_release);
}

void InputFile::release_done() {
  constexpr std::size_t kStep = 8 << 20;
  if (!map_) return;
  static const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t upto = done_.load(std::memory_order_acquire) / page * page;
  std::size_t from = released_.load(std::memory_order_relaxed);
  if (upto < from + kStep || !released_.compare_exchange_strong(from, upto, std::memory_order_relaxed)) return;
  // A worker may still read a byte before its range (to see whether a line starts there): the
  // private, unwritten mapping then reads that page back from the file.
  madvise(const_cast<char*>(map_ + from), upto - from, MADV_DONTNEED);
}

std::size_t InputFile::read(char* buffer, std::size_t n) {
  if (!pending_error_.empty()) throw IoError(name_, pending_error_);
  if (n > INT_MAX) n = INT_MAX;
  const int got = gzread(gz(gz_), buffer, static_cast<unsigned>(n));
  int err = Z_OK;
  const char* what = gzerror(gz(gz_), &err);
  if (got < 0 || (err != Z_OK && err != Z_STREAM_END)) {
    // zlib reports a gzip stream that ends early as Z_BUF_ERROR.
    if (err == Z_BUF_ERROR)
      pending_error_ = "truncated gzip data (unexpected end of file)";
    else if (err == Z_ERRNO)
      pending_error_ = std::string("read error: ") + std::strerror(errno);
    else
      pending_error_ = std::string("corrupt gzip data: ") + (what ? what : "unknown error");
    // The bytes that did arrive are still delivered, so no complete record before the damage is lost.
    if (got <= 0) throw IoError(name_, pending_error_);
  }
  return static_cast<std::size_t>(got);
}

bool InputFile::compressed() const { return gzdirect(gz(gz_)) == 0; }

std::uint64_t InputFile::position() const {
  const auto offset = gzoffset(gz(gz_));
  return offset < 0 ? 0 : static_cast<std::uint64_t>(offset);
}

}  // namespace sudoku_bench
