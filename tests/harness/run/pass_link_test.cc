// run/pass_link.h alone, over a socket pair: frames arrive whole and in order, any bytes of text
// included; a frame cut by the sender's end is never taken; a supervisor gone does not stop the
// sender; a forked copy of the measuring process sends nothing.
#include "run/pass_link.h"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "report/pass_codec.h"
#include "report/pass_fields.h"

namespace {

using sudoku_bench::LinkFrame;
using sudoku_bench::LinkReader;
using sudoku_bench::PassLink;

struct SocketPair {
  int fds[2] = {-1, -1};
  SocketPair() { EXPECT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0); }
  ~SocketPair() {
    for (int fd : fds)
      if (fd >= 0) close(fd);
  }
  void close_sender() {
    close(fds[0]);
    fds[0] = -1;
  }
};

// Every whole frame the reader gets until the sender's end is closed.
std::vector<std::pair<LinkFrame, std::string>> read_all(int fd) {
  LinkReader reader(fd);
  std::vector<std::pair<LinkFrame, std::string>> frames;
  for (bool open = true; open;) {
    open = reader.read(1000);
    while (auto frame = reader.next()) frames.push_back(*frame);
  }
  return frames;
}

TEST(PassLinkTest, FramesArriveWholeAndInOrder) {
  SocketPair pair;
  {
    PassLink link(pair.fds[0]);
    link.starting("top95/fast/threads=1");
    link.answers(std::string("a\0b\n\xff", 5));  // any bytes: a line with a NUL, bad UTF-8
    link.rows(12345);
    link.end(true);
    link.done(3);
  }
  pair.close_sender();
  const auto frames = read_all(pair.fds[1]);
  ASSERT_EQ(frames.size(), 5u);
  EXPECT_EQ(frames[0], std::make_pair(LinkFrame::starting, std::string("top95/fast/threads=1")));
  EXPECT_EQ(frames[1], std::make_pair(LinkFrame::answers, std::string("a\0b\n\xff", 5)));
  EXPECT_EQ(frames[2], std::make_pair(LinkFrame::rows, std::string("12345")));
  EXPECT_EQ(frames[3], std::make_pair(LinkFrame::end, std::string("interrupted")));
  EXPECT_EQ(frames[4], std::make_pair(LinkFrame::done, std::string("3")));
}

TEST(PassLinkTest, JsonTravelsAsCborAndComesBackEqual) {
  SocketPair pair;
  const nlohmann::ordered_json sent = {{"round", 4}, {"ratio", 1.0125}, {"file", "bad \xff name"}};
  {
    PassLink link(pair.fds[0]);
    link.progress(sent);
  }
  pair.close_sender();
  const auto frames = read_all(pair.fds[1]);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0].first, LinkFrame::progress);
  EXPECT_EQ(sudoku_bench::from_binary(frames[0].second), sent);
}

TEST(PassLinkTest, APassTravelsAsItsBytesAndComesBackEqual) {
  SocketPair pair;
  sudoku_bench::MeasuredPass sent;
  sent.id.dataset = "bad \xff name";
  sent.status.unique = 95;
  sent.wall_seconds = 0.1 + 0.2;
  sent.figures[sudoku_bench::Fig::cpu_seconds] = 1.0 / 3;
  {
    PassLink link(pair.fds[0]);
    link.pass(7, sent);
  }
  pair.close_sender();
  const auto frames = read_all(pair.fds[1]);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0].first, LinkFrame::pass);
  const std::size_t newline = frames[0].second.find('\n');
  EXPECT_EQ(frames[0].second.substr(0, newline), "7");
  const sudoku_bench::MeasuredPass back =
      sudoku_bench::pass_from_bytes(std::string_view(frames[0].second).substr(newline + 1));
  EXPECT_EQ(sudoku_bench::pass_to_json(back), sudoku_bench::pass_to_json(sent));
  EXPECT_EQ(back.id.dataset, sent.id.dataset);
  EXPECT_EQ(back.wall_seconds, sent.wall_seconds);
  EXPECT_EQ(back.figures, sent.figures);
}

TEST(PassLinkTest, AFrameCutByTheSendersDeathIsNotTaken) {
  SocketPair pair;
  {
    PassLink link(pair.fds[0]);
    link.starting("whole");
  }
  // A header that promises 100 bytes, then 10 of them: as a process killed mid-frame leaves it.
  std::string cut(1 + sizeof(std::uint64_t), '\0');
  cut[0] = static_cast<char>(LinkFrame::pass);
  const std::uint64_t size = 100;
  std::memcpy(cut.data() + 1, &size, sizeof size);
  cut += std::string(10, 'x');
  ASSERT_EQ(write(pair.fds[0], cut.data(), cut.size()), static_cast<ssize_t>(cut.size()));
  pair.close_sender();
  const auto frames = read_all(pair.fds[1]);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0].second, "whole");
}

TEST(PassLinkTest, ASupervisorGoneIsIgnored) {
  SocketPair pair;
  close(pair.fds[1]);
  pair.fds[1] = -1;
  PassLink link(pair.fds[0]);
  link.starting("nobody reads this");  // no SIGPIPE, no throw
  link.done(0);
  SUCCEED();
}

TEST(PassLinkTest, AForkedCopySendsNothing) {
  SocketPair pair;
  {
    PassLink link(pair.fds[0]);
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      // A solver's fork: the copy of the link is not its to use.
      link.starting("from the copy");
      link.exiting("the copy exits");
      _exit(0);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    link.starting("from the owner");
  }
  pair.close_sender();
  const auto frames = read_all(pair.fds[1]);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0].second, "from the owner");
}

}  // namespace
