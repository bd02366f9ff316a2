// An input file read as bytes: a plain file, a gzip file (decompressed on the fly) or stdin ("-").
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "sys/io_error.h"

namespace sudoku_bench {

// What says a file is still the one first read: where it is and what it holds.
struct FileIdentity {
  std::uint64_t device = 0, inode = 0, size = 0;
  std::int64_t mtime_ns = 0;
  bool operator==(const FileIdentity&) const = default;
};

// "" when `is` is the file `was` described, unchanged; otherwise how it changed.
std::string how_changed(const FileIdentity& was, const FileIdentity& is);

// "SIZE:HASH" of `path` as stored, the hash (64 bits, for telling files apart, not for security)
// over 64 blocks of 4 KiB spread evenly through it (the whole file below 256 KiB): what MPI ranks
// compare to be sure they read one dataset, at the cost of 256 KiB read whatever the file's size
// (another copy, a newer version, a truncated one differ in size or almost everywhere). Throws IoError.
std::string sample_fingerprint(const std::string& path);

// Whether two paths name one file (one device and inode; or both "-").
bool same_file(const std::string& a, const std::string& b);

// The working directory the command started in (opened on the first call: main makes it first):
// relative inputs are found there, whatever a solver does to the working directory later (a plugin
// that calls chdir).
int start_directory();

// Whether standard input was closed when the program started (`<&-`): its descriptor is held by
// /dev/null since, and "-" is refused by name.
bool standard_input_closed();

// Whether `path` can be read only once: standard input ("-"), a pipe (`<(...)`), a FIFO, a
// terminal, a socket. Looks, never opens (a FIFO's open waits for its writer).
bool read_once(const std::string& path);

// Why `path` cannot be read as an input, found without reading it ("cannot open: No such file or
// directory", "is a directory"), as InputFile would say it; "" when it opens, and for what is read
// once (standard input, a pipe, a FIFO: opening a FIFO would wait for its writer), which is left to
// the reading.
std::string unreadable_input(const std::string& path);

class InputFile {
 public:
  // Throws IoError when the file is missing, unreadable or a directory. A plain (not gzip) regular
  // file is also mapped into memory, unless `map` is false, so that blocks of it need no copy.
  explicit InputFile(const std::string& path, bool map = true);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // The name used in messages: the path as given, or "<stdin>".
  const std::string& name() const { return name_; }
  bool is_stdin() const { return is_stdin_; }

  // Up to `n` bytes; 0 at the end. Throws IoError on a read error or a truncated or corrupt gzip
  // stream, once the bytes before the damage have been returned.
  std::size_t read(char* buffer, std::size_t n);

  // Bytes read of the file as stored (compressed bytes for gzip, in zlib's buffer-sized steps)
  // and its size; 0 if unknown.
  std::uint64_t position() const;
  // Whether the file is gzip data (known once something was read).
  bool compressed() const;
  std::uint64_t size() const { return size_; }

  // Starts reading again from the first byte, and marking done from it; false for standard input
  // and pipes, which cannot. The file stays mapped: pages given back are read back in. Throws
  // IoError when the file changed since it was opened (changed()).
  bool rewind();

  // The file as opened.
  const FileIdentity& identity() const { return identity_; }
  // "" while the file at the path is still the one opened, unchanged; otherwise how it changed
  // ("it shrank from 80000000 to 1000 bytes", "it was replaced"). Two system calls.
  std::string changed() const;
  // Whether a read of the mapped bytes met the file's end, the file having shrunk since it was
  // mapped (mapped_guard.h): bytes from there on read as zeros. An atomic load.
  bool truncated() const;

  // The whole file, when it is mapped; empty otherwise (gzip, stdin, pipes, empty files).
  std::string_view mapped() const { return {map_, map_size_}; }
  // Marks the mapped bytes before `end` (a pointer into mapped()) as done with: call it in input
  // order (the sink does), from one thread at a time.
  void done_before(const char* end);
  // Lets the system drop the pages before the done mark from this process's memory, in steps of
  // several megabytes, so that a pass over a file of any size stays small; pages read again are
  // read back in. Any thread may call it at any time (the workers do, so that unmapping costs the
  // serial sink nothing); one caller gives back each step.
  void release_done();

 private:
  std::string name_, path_;
  bool is_stdin_ = false;
  bool seekable_ = false;
  int fd_ = -1;  // gz_'s
  int guard_slot_ = -1;
  FileIdentity identity_;
  std::uint64_t size_ = 0;
  void* gz_ = nullptr;         // gzFile; zlib reads plain files through unchanged
  std::string pending_error_;  // raised by the read after the one that met it
  const char* map_ = nullptr;
  std::size_t map_size_ = 0;
  std::atomic<std::size_t> done_{0};      // mapped bytes done with
  std::atomic<std::size_t> released_{0};  // mapped bytes given back so far
};

}  // namespace sudoku_bench
