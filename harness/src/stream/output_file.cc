#include "stream/output_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <new>

#include "stream/input.h"

namespace sudoku_bench {
namespace {

namespace fs = std::filesystem;

// Where standard output really goes: a supervised child's own descriptor 1 is its stderr.
std::atomic<int> standard_output{STDOUT_FILENO};

std::string reason(const char* what, int error) { return std::string(what) + ": " + std::strerror(error); }

// The descriptor `path` names when it is one of this process's own (/proc/self/fd/N, /dev/fd/N,
// /proc/PID/fd/N, /proc/thread-self/fd/N), else -1. Such a path is the caller's open file, as `-`
// is: written through it, at its offset and in its mode (a `>>` log is appended to, never replaced).
int own_descriptor(const std::string& path) {
  const fs::path p(path);
  const std::string name = p.filename().string();
  if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos || name.size() > 9) return -1;
  std::error_code ec;
  const std::string folder = fs::weakly_canonical(fs::absolute(p, ec).parent_path(), ec).string();
  if (ec) return -1;
  const std::string own = "/proc/" + std::to_string(getpid());
  if (!folder.starts_with(own + "/")) return -1;
  const std::string rest = folder.substr(own.size());
  if (rest != "/fd" && !(rest.starts_with("/task/") && rest.ends_with("/fd"))) return -1;
  return std::stoi(name);
}

// `path` with every symlink in its last component followed, as open() would, up to a descriptor
// of this process's own (own_descriptor), whose link names no path to write.
std::string follow_links(const std::string& path, const std::string& name) {
  std::string at = path;
  for (int hops = 0;; ++hops) {
    struct stat st {};
    if (own_descriptor(at) >= 0 || lstat(at.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return at;
    if (hops == 40) throw IoError(name, "cannot write: too many levels of symbolic links");
    std::error_code ec;
    const fs::path link = fs::read_symlink(at, ec);
    if (ec) throw IoError(name, "cannot write: cannot read the link: " + ec.message());
    at = link.is_absolute() ? link.string() : (fs::path(at).parent_path() / link).string();
  }
}

// The one path of the regular file `at` (device and inode `st`), its folders' links resolved
// (/proc/self/cwd/..., /proc/PID/root/..., a bind mount's view), where it is replaced whole.
std::string real_path(const std::string& at, const struct stat& st, const std::string& name) {
  char* resolved = realpath(at.c_str(), nullptr);
  const std::string real = resolved ? resolved : "";
  std::free(resolved);
  struct stat again {};
  if (real.empty() || stat(real.c_str(), &again) != 0 || again.st_dev != st.st_dev || again.st_ino != st.st_ino)
    throw IoError(name, "cannot write: the file has no path of its own to be replaced at (a deleted file?)");
  return real;
}

// Every temporary file not yet committed, for unlink_temps(): fixed slots holding their paths, no
// allocation, read from a signal handler or by the janitor (run/descendants.h), for which
// share_temps() puts them in memory that the processes forked after it share.
constexpr int kTempSlots = 32;
struct TempSlot {
  std::atomic<int> state;  // 0 free, 1 being filled, 2 holding a path
  char path[PATH_MAX];
};
static_assert(std::atomic<int>::is_always_lock_free, "shared between processes");
TempSlot own_slots[kTempSlots];
TempSlot* temp_slots = own_slots;

int remember_temp(const std::string& path) {
  if (path.size() >= PATH_MAX) return -1;
  for (int i = 0; i < kTempSlots; ++i) {
    int free = 0;
    if (!temp_slots[i].state.compare_exchange_strong(free, 1)) continue;
    std::memcpy(temp_slots[i].path, path.c_str(), path.size() + 1);
    temp_slots[i].state.store(2);
    return i;
  }
  return -1;
}

void forget_temp(int& slot) {
  if (slot >= 0) temp_slots[slot].state.store(0);
  slot = -1;
}

std::string canonical_or_self(const std::string& path) {
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(path, ec);
  return ec ? path : p.string();
}

}  // namespace

OutputFile::OutputFile(std::string path, std::string option, int gzip_level)
    : path_(std::move(path)), option_(std::move(option)), gzip_level_(std::clamp(gzip_level, 1, 9)) {
  if (path_.empty()) throw IoError(option_.empty() ? "output" : option_, "needs a file name");
  const std::string at = path_ == "-" ? path_ : follow_links(path_, name());
  if (const int fd = at == "-" ? STDOUT_FILENO : own_descriptor(at); fd >= 0) {
    use_descriptor(fd);
    return;
  }
  struct stat st {};
  if (stat(at.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw IoError(name(), "cannot write: it is a directory");
    id_ = FileId{st.st_dev, st.st_ino};
    // What the node is decides, not where it is: a regular file in /dev/shm or reached through
    // /proc/self/cwd is replaced whole like any other.
    if (!S_ISREG(st.st_mode)) {  // a device, a FIFO, a socket: written in place
      direct_ = true;
      target_ = fs::absolute(at).string();
      return;
    }
    regular_ = true;
    target_ = real_path(at, st, name());
  } else if (errno != ENOENT) {
    throw IoError(name(), reason("cannot write", errno));
  } else {
    target_ = new_path(at);
  }
  prepare_replacement(st);
}

void OutputFile::keep_standard_output(int fd) { standard_output.store(fd); }

void OutputFile::use_descriptor(int fd) {
  direct_ = true;
  descriptor_ = fd == STDOUT_FILENO ? standard_output.load() : fd;
  target_ = path_;
  const std::string what = fd == STDOUT_FILENO ? "standard output" : "descriptor " + std::to_string(fd);
  struct stat st {};
  const int flags = fcntl(descriptor_, F_GETFL);
  // A standard output closed by the caller (>&-) is /dev/null opened to read (cli/main.cc).
  if (flags < 0 || fstat(descriptor_, &st) != 0 || (flags & O_ACCMODE) == O_RDONLY)
    throw IoError(name(), "cannot write: " + what + " is closed or open for reading only");
  regular_ = S_ISREG(st.st_mode);
  id_ = FileId{st.st_dev, st.st_ino};
}

// A path that does not exist yet, in its folder's own path (links and /proc/self/cwd resolved).
std::string OutputFile::new_path(const std::string& at) const {
  const fs::path p(at);
  const std::string folder = p.has_parent_path() ? p.parent_path().string() : std::string(".");
  char* resolved = realpath(folder.c_str(), nullptr);
  const std::string real = resolved ? resolved : "";
  std::free(resolved);
  struct stat dir {};
  if (real.empty() || stat(real.c_str(), &dir) != 0 || !S_ISDIR(dir.st_mode))
    throw IoError(name(), "cannot write: the folder '" + folder + "' does not exist");
  return (fs::path(real) / p.filename()).string();
}

// A regular file or a new path: written beside `target_` (absolute and real, so that a solver that
// changes the working directory does not move it) and renamed over it; `st` is the file's, when it exists.
void OutputFile::prepare_replacement(const struct stat& st) {
  const fs::path target(target_);
  folder_ = target.parent_path().string();
  const long name_max = pathconf(folder_.c_str(), _PC_NAME_MAX);
  if (name_max > 0 && target.filename().string().size() > static_cast<std::size_t>(name_max))
    throw IoError(name(), reason("cannot write", ENAMETOOLONG));
  // The temporary file is made on the first write: a run that ends before it leaves none.
  if (access(folder_.c_str(), W_OK | X_OK) != 0)
    throw IoError(name(), reason(("cannot write in the folder '" + folder_ + "'").c_str(), errno));
  mode_ = st.st_mode & 07777;
  if (!id_) {
    const mode_t mask = umask(0);  // read, then restored at once
    umask(mask);
    mode_ = 0666 & ~mask;
  }
}

OutputFile::~OutputFile() {
  if (gz_) gzclose(static_cast<gzFile>(gz_));  // an output given up: its bytes go with it
  if (fd_ >= 0) close(fd_);
  forget_temp(temp_slot_);
  if (!committed_ && !temp_.empty()) unlink(temp_.c_str());
}

int OutputFile::descriptor() {
  if (fd_ < 0) {
    if (committed_) throw IoError(name(), "cannot write: already written");
    if (!direct_) return make_temp();
    if (descriptor_ >= 0) {
      std::fflush(nullptr);  // what the command printed there first stays first
      fd_ = fcntl(descriptor_, F_DUPFD_CLOEXEC, 3);
    } else {
      fd_ = open(target_.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    }
    if (fd_ < 0) throw IoError(name(), reason("cannot open", errno));
  }
  return fd_;
}

// Named with this process's number, so that a supervisor can find what a process it saw die left
// (temp_prefix()).
int OutputFile::make_temp() {
  std::string temp = temp_prefix(folder_, getpid()) + "XXXXXX";
  fd_ = mkostemp(temp.data(), O_CLOEXEC);
  if (fd_ < 0) throw IoError(name(), reason(("cannot write in the folder '" + folder_ + "'").c_str(), errno));
  temp_ = std::move(temp);
  temp_slot_ = remember_temp(temp_);
  fchmod(fd_, mode_);
  return fd_;
}

void OutputFile::share_temps() {
  void* shared = mmap(nullptr, sizeof own_slots, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) return;
  TempSlot* slots = static_cast<TempSlot*>(shared);  // zero-filled: every slot free
  for (int i = 0; i < kTempSlots; ++i) new (&slots[i].state) std::atomic<int>(0);
  temp_slots = slots;
}

void OutputFile::unlink_temps() {
  for (int i = 0; i < kTempSlots; ++i)
    if (temp_slots[i].state.load() == 2) unlink(temp_slots[i].path);
}

std::string OutputFile::temp_prefix(const std::string& folder, pid_t pid) {
  return folder + "/.sudoku-bench-" + std::to_string(pid) + "-";
}

void OutputFile::open_gzip() {
  const int fd = dup(descriptor());  // gzclose closes its own; commit() the original
  const std::string mode = "wb" + std::to_string(gzip_level_);
  if (fd < 0 || !(gz_ = gzdopen(fd, mode.c_str()))) {
    const int error = fd < 0 ? errno : ENOMEM;
    if (fd >= 0) close(fd);
    throw IoError(name(), reason("cannot write", error));
  }
}

void OutputFile::write(std::string_view bytes) {
  if (!compressed()) return write_plain(bytes);
  if (!gz_) open_gzip();
  while (!bytes.empty()) {  // gzwrite takes an unsigned count
    const auto n = static_cast<unsigned>(std::min<std::size_t>(bytes.size(), std::size_t{1} << 30));
    errno = 0;
    if (gzwrite(static_cast<gzFile>(gz_), bytes.data(), n) != static_cast<int>(n))
      throw IoError(name(), reason("cannot write", errno ? errno : EIO));
    bytes.remove_prefix(n);
  }
}

void OutputFile::write_plain(std::string_view bytes) {
  const int fd = descriptor();
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw IoError(name(), reason("cannot write", n < 0 ? errno : ENOSPC));
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

// The rest of the compressed stream and its trailer, into the file; an empty .gz output still
// gets a whole (empty) gzip stream.
void OutputFile::end_gzip() {
  if (!gz_) open_gzip();
  errno = 0;
  const int closed = gzclose(static_cast<gzFile>(gz_));
  gz_ = nullptr;
  if (closed != Z_OK) throw IoError(name(), reason("cannot write", closed == Z_ERRNO && errno ? errno : EIO));
}

std::uint64_t OutputFile::settle() {
  if (direct_) return 0;
  if (gz_) {
    errno = 0;
    if (gzflush(static_cast<gzFile>(gz_), Z_FINISH) != Z_OK)
      throw IoError(name(), reason("cannot write", errno ? errno : EIO));
  }
  struct stat st {};
  if (fstat(descriptor(), &st) != 0) throw IoError(name(), reason("cannot write", errno));
  return static_cast<std::uint64_t>(st.st_size);
}

void OutputFile::adopt(const std::string& temp, std::uint64_t size) {
  fd_ = open(temp.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd_ < 0 || ftruncate(fd_, static_cast<off_t>(size)) != 0 || lseek(fd_, 0, SEEK_END) < 0)
    throw IoError(name(), reason("cannot keep what was written", errno));
  temp_ = temp;
  temp_slot_ = remember_temp(temp_);
  if (compressed()) {  // every member is whole: commit() ends with an empty one
    open_gzip();
  }
}

void OutputFile::commit() {
  if (compressed()) end_gzip();
  const int fd = descriptor();
  if (direct_) {
    fd_ = -1;
    committed_ = true;
    if (close(fd) != 0) throw IoError(name(), reason("cannot write", errno));
    return;
  }
  const bool synced = fsync(fd) == 0;
  int error = errno;
  fd_ = -1;
  const bool closed = close(fd) == 0;
  if (synced && !closed) error = errno;
  if (!synced || !closed) throw IoError(name(), reason("cannot write", error));
  if (std::rename(temp_.c_str(), target_.c_str()) != 0) throw IoError(name(), reason("cannot write", errno));
  forget_temp(temp_slot_);
  committed_ = true;
}

bool OutputFile::is(const std::string& path) const {
  if (direct_ && !regular_) return false;  // a device or a FIFO is not destroyed by writing it
  struct stat st {};
  if (id_ && stat(path.c_str(), &st) == 0 && *id_ == FileId{st.st_dev, st.st_ino}) return true;
  return descriptor_ < 0 && canonical_or_self(target_) == canonical_or_self(path);
}

bool OutputFile::same_as(const OutputFile& other) const {
  if ((direct_ && !regular_) || (other.direct_ && !other.regular_)) return false;  // /dev/null twice harms nothing
  if (descriptor_ >= 0 && other.descriptor_ >= 0) return false;  // the caller's open files, written in turn
  if (id_ && other.id_) return *id_ == *other.id_;
  return canonical_or_self(target_) == canonical_or_self(other.target_);
}

std::string output_conflicts(const std::vector<const OutputFile*>& outputs, const std::vector<std::string>& inputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const OutputFile& out = *outputs[i];
    for (const std::string& input : inputs)
      if (input != "-" && out.is(input))
        return out.option() + " " + out.path() + " is also an input (" + input + "): writing it would destroy it";
    if (out.is("/proc/self/exe"))
      return out.option() + " " + out.path() + " is this program itself: writing it would destroy it";
    for (std::size_t j = 0; j < i; ++j)
      if (out.same_as(*outputs[j]))
        return outputs[j]->option() + " and " + out.option() + " name the same file (" + out.path() +
               "): one would overwrite the other";
  }
  return {};
}

}  // namespace sudoku_bench
