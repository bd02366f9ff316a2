// An output that destroys nothing. A regular file (or a new path), wherever it is (/dev/shm too),
// is written to a temporary file beside it and renamed over it once whole, so that a reader, a full
// disk or a kill finds the old file or the whole new one; a symlink, /proc/self/cwd/... or a bind
// mount's view is resolved to the file's own path and the file replaced there. A device, a FIFO or
// a socket is opened and written as it is, never replaced. `-` is standard output, and a path that
// names one of this process's descriptors (/dev/stdout, /dev/fd/N, /proc/self/fd/N) is that open
// file, written through it as the caller opened it (a `>>` log is appended to, never replaced). A path ending in .gz
// is written gzip-compressed, whatever writes it (reports, --per-puzzle rows, hunt --out).
// Everything that can be checked is checked when the OutputFile is made, before a command measures
// anything.
#pragma once

#include <sys/stat.h>
#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku_bench {

// A file as the kernel knows it, whatever path reaches it.
struct FileId {
  dev_t device;
  ino_t inode;
  bool operator==(const FileId&) const = default;
};

class OutputFile {
 public:
  // `option` names the output in messages ("--json"; may be empty). Throws IoError naming it when its folder
  // does not exist, it is a directory, its name is too long or its folder cannot be written.
  // `gzip_level` (1-9) is zlib's, for a .gz path: 1 where the bytes come while something is measured.
  OutputFile(std::string path, std::string option, int gzip_level = 6);
  ~OutputFile();  // an output not committed leaves the path as it was
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  const std::string& path() const { return path_; }
  const std::string& option() const { return option_; }
  // "OPTION PATH" (or PATH without an option): how messages name it.
  std::string name() const { return option_.empty() ? path_ : option_ + " " + path_; }
  // Written in place (a device, a FIFO, a descriptor), rather than replaced whole.
  bool direct() const { return direct_; }
  // The folder the temporary file is made in (absolute, links resolved); empty when written in place.
  const std::string& folder() const { return folder_; }

  // Whether the bytes written are compressed on their way (the path ends in .gz).
  bool compressed() const { return path_.ends_with(".gz"); }

  // The descriptor the bytes go to: the temporary file, or the node itself, opened on the first
  // call. Throws IoError.
  int descriptor();
  // Writes all of `bytes` (compressed for a .gz path; zlib may hold some until commit()). Throws
  // IoError ("PATH: cannot write: reason").
  void write(std::string_view bytes);
  // Ends what was written so far as a whole (for a .gz path a gzip member of its own, which readers
  // join with the next) and returns the temporary file's size; 0 for an output written in place.
  std::uint64_t settle();
  // The temporary file `temp` that another process (a measuring child that died) settled at `size`
  // becomes this output's bytes, to be committed.
  void adopt(const std::string& temp, std::uint64_t size);
  // The bytes written become the file (the gzip stream ended, fsync, rename). Throws IoError; the
  // old file then stays.
  void commit();

  // Whether this output would overwrite the file at `path` (same device and inode, or the same
  // path once links are followed); never for a device, a FIFO or a socket.
  bool is(const std::string& path) const;
  bool same_as(const OutputFile& other) const;

  // Standard output (`-`, /dev/stdout, /dev/fd/1) is written through `fd` from now on: a
  // supervised child keeps its supervisor's standard output there, its own descriptor 1 being stderr.
  static void keep_standard_output(int fd);
  // The start of the name of every temporary file process `pid` makes in `folder`.
  static std::string temp_prefix(const std::string& folder, pid_t pid);
  // Makes the list of temporary files one that this process and those it forks after share: the
  // janitor (run/descendants.h) calls it before it is forked. Before any output is written.
  static void share_temps();
  // Removes every temporary file on that list not yet committed (made by this process, or by any
  // process sharing the list); async-signal-safe, for the janitor once the command has ended.
  static void unlink_temps();

 private:
  void use_descriptor(int fd);
  std::string new_path(const std::string& at) const;
  void prepare_replacement(const struct stat& st);
  int make_temp();
  void write_plain(std::string_view bytes);
  void open_gzip();
  void end_gzip();

  std::string path_, option_;
  std::string target_;  // `path_` with its symlinks followed: the file's own path
  bool direct_ = false;
  bool regular_ = false;      // the node is a regular file (also one written in place: a descriptor's)
  int descriptor_ = -1;       // the caller's descriptor this output is written through (1 for `-`)
  std::optional<FileId> id_;  // target_'s, when it existed as checked
  std::string folder_;        // target_'s folder
  mode_t mode_ = 0;           // the permissions the file will have
  std::string temp_;          // the temporary file beside target_, from the first write until committed
  int temp_slot_ = -1;        // its place among those unlink_temps() removes
  int fd_ = -1;
  bool committed_ = false;
  int gzip_level_;
  void* gz_ = nullptr;  // a gzFile over a copy of fd_, from the first write of a .gz path
};

// "" when fine; otherwise why these outputs cannot be written: one is also one of `inputs`, or this
// program itself, or two are the same file. A command refuses them before it reads anything.
std::string output_conflicts(const std::vector<const OutputFile*>& outputs, const std::vector<std::string>& inputs);

}  // namespace sudoku_bench
