#include "stream/chunk_reader.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "temp_file.h"

namespace {

using sudoku_bench::Chunk;
using sudoku_bench::ChunkReader;
using sudoku_bench::ChunkSize;
using sudoku_bench::InputFile;
using sudoku_bench::IoError;

struct Line {
  std::string text;
  std::uint64_t line, full_length;
  bool operator==(const Line&) const = default;
};

// Every record of `path` as the pipeline sees it: chunks read, split and numbered in order.
std::vector<Line> read_all(const std::string& path, std::size_t per_chunk = 3, std::size_t buffer = 5000,
                           std::size_t block = 64 * 1024, bool map = true) {
  InputFile in(path, map);
  ChunkReader reader(in, sudoku_bench::InputFormat::lines, buffer);
  sudoku_bench::LineNumbers numbers;
  std::vector<Line> out;
  Chunk chunk;
  while (reader.next(chunk, ChunkSize{block, per_chunk})) {
    sudoku_bench::split_records(chunk);
    numbers.place(chunk);
    for (const auto& r : chunk.records)
      out.push_back({std::string(chunk.text_of(r)), chunk.first_line + r.line - 1, r.full_length});
  }
  return out;
}

TEST(ChunkReaderTest, SkipsBlankAndCommentLinesButCountsThem) {
  test_util::TempFile f("# header\n\nabc\n  \n#x\ndef\n");
  EXPECT_EQ(read_all(f.path()), (std::vector<Line>{{"abc", 3, 3}, {"  ", 4, 2}, {"def", 6, 3}}));
}

TEST(ChunkReaderTest, CrLfAndMissingFinalNewline) {
  test_util::TempFile f("ab\r\n\r\ncd\r\nlast");
  EXPECT_EQ(read_all(f.path()), (std::vector<Line>{{"ab", 1, 2}, {"cd", 3, 2}, {"last", 4, 4}}));
  test_util::TempFile g("only\r");
  EXPECT_EQ(read_all(g.path()), (std::vector<Line>{{"only", 1, 4}}));
}

TEST(ChunkReaderTest, EmptyAndCommentOnlyFilesHaveNoRecords) {
  test_util::TempFile empty("");
  EXPECT_TRUE(read_all(empty.path()).empty());
  test_util::TempFile comments("# a\n# b\n\n");
  EXPECT_TRUE(read_all(comments.path()).empty());
}

TEST(ChunkReaderTest, OverlongLinesKeepAPrefixAndTheirLength) {
  const std::string huge(1'000'000, 'x');
  test_util::TempFile f("a\n" + huge + "\r\nb\n" + std::string(sudoku_bench::kMaxRecordBytes + 1, 'y') + "\n" + huge);
  EXPECT_EQ(read_all(f.path(), 3, 5000, 64 * 1024, false), read_all(f.path()));  // read and mapped alike
  const auto lines = read_all(f.path());
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0], (Line{"a", 1, 1}));
  EXPECT_EQ(lines[1], (Line{std::string(sudoku_bench::kMaxRecordBytes, 'x'), 2, 1'000'000}));
  EXPECT_EQ(lines[2], (Line{"b", 3, 1}));
  EXPECT_EQ(lines[3], (Line{std::string(sudoku_bench::kMaxRecordBytes, 'y'), 4, sudoku_bench::kMaxRecordBytes + 1}));
  EXPECT_EQ(lines[4], (Line{std::string(sudoku_bench::kMaxRecordBytes, 'x'), 5, 1'000'000}));
}

TEST(ChunkReaderTest, LinesAcrossBufferRefillsAtEveryOffset) {
  // Lines of every length around the buffer size, so each split point is met.
  std::string text;
  std::vector<Line> expected;
  for (std::uint64_t i = 1; i <= 300; ++i) {
    const std::string line(i * 137 % (sudoku_bench::kMaxRecordBytes + 600) + 1, static_cast<char>('a' + i % 26));
    text += line + (i % 3 ? "\n" : "\r\n");
    expected.push_back({line.substr(0, sudoku_bench::kMaxRecordBytes), i, line.size()});
  }
  test_util::TempFile f(text);
  constexpr std::size_t kLeast = sudoku_bench::kMaxRecordBytes + 1;  // the reader's smallest buffer
  for (std::size_t buffer : {kLeast, kLeast + 3, kLeast + 900, std::size_t{65536}})
    EXPECT_EQ(read_all(f.path(), 7, buffer), expected) << buffer;
}

std::vector<std::string> blocks_of(const std::string& path, bool map) {
  InputFile in(path, map);
  ChunkReader reader(in);
  Chunk chunk;
  std::vector<std::string> chunks;
  while (reader.next(chunk, ChunkSize{4, 3})) chunks.emplace_back(chunk.data, chunk.bytes);
  EXPECT_EQ(chunk.bytes, 0u);
  return chunks;
}

TEST(ChunkReaderTest, TheFirstChunkHoldsTheAskedRecordsThenBlocks) {
  test_util::TempFile f("1\n2\n3\n44\n5\n66\n7\n");
  // Read line by line, the first chunk decides the format. Then, read: blocks cut after their
  // last whole line within 4 bytes; mapped: ranges of 4 bytes cut anywhere, which the parallel
  // stage splits into the lines that start in them.
  EXPECT_EQ(blocks_of(f.path(), false), (std::vector<std::string>{"123", "44\n", "5\n", "66\n", "7\n"}));
  EXPECT_EQ(blocks_of(f.path(), true), (std::vector<std::string>{"123", "44\n5", "\n66\n", "7\n"}));
}

TEST(ChunkReaderTest, AMappedRangeHoldsTheLinesThatStartInIt) {
  test_util::TempFile f("1\n2\n3\nlong line\r\nx\n");
  InputFile in(f.path());
  ChunkReader reader(in);
  Chunk chunk;
  ASSERT_TRUE(reader.next(chunk, ChunkSize{3, 3}));  // "1", "2", "3", line by line
  std::vector<std::vector<std::string>> lines;
  while (reader.next(chunk, ChunkSize{3, 3})) {
    sudoku_bench::split_records(chunk);
    auto& these = lines.emplace_back();
    for (const auto& r : chunk.records) these.emplace_back(chunk.text_of(r));
  }
  // "lon" holds the whole line, CR stripped; "g l", "ine", "\r\nx" start none; "\n" starts none.
  EXPECT_EQ(lines, (std::vector<std::vector<std::string>>{{"long line"}, {}, {}, {"x"}, {}}));
}

TEST(ChunkReaderTest, EveryBlockSizeGivesTheSameRecords) {
  // CRLF, comments, blank lines, a line longer than most blocks, no final newline: each byte
  // offset of the file is a block boundary for some block size, and each record is found once.
  std::string text = "0\n";
  for (int i = 1; i <= 40; ++i) {
    text += i % 7 == 0 ? "# comment\n" : i % 11 == 0 ? "\r\n" : "";
    text += std::string(static_cast<std::size_t>(i % 5 + 1), static_cast<char>('a' + i % 26)) + (i % 3 ? "\n" : "\r\n");
  }
  const std::size_t long_line = sudoku_bench::kMaxRecordBytes + 904;
  text += std::string(long_line, 'L') + "\r\n" + std::string(30, 'z') + "\r\nend";
  test_util::TempFile f(text);
  const auto expected = read_all(f.path(), 1000, 1 << 20);  // one chunk, read line by line
  ASSERT_EQ(expected.size(), 1 + 40 + 3u);
  EXPECT_EQ(expected[41], (Line{std::string(sudoku_bench::kMaxRecordBytes, 'L'), expected[40].line + 1, long_line}));
  EXPECT_EQ(expected.back(), (Line{"end", expected[42].line + 1, 3}));
  // Mapped, blocks are views of the file; read, they are copied through a carry-over buffer.
  for (const bool map : {true, false})
    for (std::size_t block = 1; block <= text.size() + 1; block += block < 300 ? 1 : 97)
      ASSERT_EQ(read_all(f.path(), 1, 5000, block, map), expected) << "block of " << block << " bytes, mapped " << map;
}

std::string gzip(const std::string& data) {
  uLongf size = compressBound(data.size()) + 64;
  std::string out(size, '\0');
  z_stream z{};
  deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);  // +16: gzip wrapper
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

// A chunk is reused: reset() leaves nothing of its last use but the buffers' capacity.
TEST(ChunkTest, ResetClearsEveryPartAndKeepsTheBuffers) {
  sudoku_bench::Chunk chunk;
  chunk.format = sudoku_bench::InputFormat::csv;
  chunk.text = "abc\n";
  chunk.data = chunk.text.data();
  chunk.bytes = chunk.extent = 4;
  chunk.starts_line = chunk.split = chunk.skipped = chunk.uncounted_starts_line = true;
  chunk.long_line = chunk.input_position = chunk.first_line = chunk.line_count = chunk.fault_line = 7;
  chunk.read_error = "bad";
  chunk.records.resize(300);
  chunk.malformed.push_back("m");
  chunk.loop = 2;
  chunk.uncounted_from = chunk.data;
  chunk.tally.unique = 3;
  chunk.problems.resize(2);
  chunk.out = "out";
  chunk.rows.resize(5);
  chunk.tail_tree_size.start(9);
  chunk.tail_tree_size.add(10);
  chunk.fault = std::make_exception_ptr(std::runtime_error("x"));
  const std::size_t records_capacity = chunk.records.capacity();
  chunk.reset();

  const sudoku_bench::Chunk fresh;
  EXPECT_EQ(chunk.format, fresh.format);
  EXPECT_EQ(chunk.data, nullptr);
  EXPECT_EQ(chunk.bytes + chunk.extent + chunk.long_line + chunk.input_position + chunk.first_line + chunk.line_count +
                chunk.fault_line + chunk.loop,
            0u);
  EXPECT_FALSE(chunk.starts_line || chunk.split || chunk.skipped || chunk.uncounted_starts_line);
  EXPECT_TRUE(chunk.read_error.empty() && chunk.records.empty() && chunk.malformed.empty() && chunk.problems.empty() &&
              chunk.out.empty() && chunk.rows.empty());
  EXPECT_EQ(chunk.uncounted_from, nullptr);
  EXPECT_EQ(chunk.tally.records(), 0u);
  EXPECT_EQ(chunk.tail_tree_size.floor, 0u);
  EXPECT_EQ(chunk.tail_tree_size.count, 0u);
  EXPECT_TRUE(chunk.tail_tree_size.kept.empty());
  EXPECT_FALSE(chunk.fault);
  EXPECT_EQ(chunk.text, "abc\n");  // the reader's, sized once
  EXPECT_EQ(chunk.records.capacity(), records_capacity);
}

TEST(InputFileTest, GzipReadsLikeThePlainFile) {
  std::string text;
  for (int i = 0; i < 20000; ++i) text += std::to_string(i * 7919) + "\n";
  test_util::TempFile plain(text), packed(gzip(text), ".gz");
  EXPECT_EQ(read_all(plain.path(), 100), read_all(packed.path(), 100));
}

TEST(InputFileTest, TruncatedGzipDeliversWhatArrivedThenFails) {
  std::string text;
  for (int i = 0; i < 50000; ++i) text += std::to_string(i) + "\n";
  const std::string packed = gzip(text);
  test_util::TempFile cut(packed.substr(0, packed.size() / 2), ".gz");
  InputFile in(cut.path());
  ChunkReader reader(in);
  sudoku_bench::LineNumbers numbers;
  Chunk chunk;
  std::uint64_t records = 0;
  try {
    while (reader.next(chunk, ChunkSize{4096, 100})) {
      sudoku_bench::split_records(chunk);
      numbers.place(chunk);
      records += chunk.records.size();
      numbers.raise_read_error(chunk, cut.path());
    }
    FAIL() << "no error for a truncated gzip file";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("truncated gzip data"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(cut.path()), std::string::npos) << e.what();
  }
  EXPECT_GT(records, 1000u);
}

TEST(InputFileTest, MissingFilesAndDirectoriesAreErrorsWithTheName) {
  try {
    InputFile in("/nonexistent/puzzles.txt");
    FAIL();
  } catch (const IoError& e) {
    EXPECT_STREQ(e.what(), "/nonexistent/puzzles.txt: cannot open: No such file or directory");
  }
  try {
    InputFile in("/tmp");
    FAIL();
  } catch (const IoError& e) {
    EXPECT_STREQ(e.what(), "/tmp: is a directory");
  }
}

}  // namespace
