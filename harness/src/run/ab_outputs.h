// ab's outputs: the verdict on standard output (text, JSON or markdown), --json, --markdown,
// --html, and each side's report under --reports; all of them from the rounds' record.
#pragma once

#include <array>
#include <cstdio>
#include <memory>
#include <string>

#include "report/comparison.h"
#include "run/ab.h"
#include "run/ab_record.h"
#include "run/ab_sides.h"
#include "stream/output_file.h"

namespace sudoku_bench {

class AbOutputs {
 public:
  AbOutputs(const AbCommand& command, const AbSides& sides, AbRecord& record, std::FILE* out, std::FILE* err);

  // Each output file opened, before anything is measured; the exit status, said on err.
  int open();
  // The verdict, printed and written; `cut` (why the rounds ended early) says there is none: the
  // rounds so far written alone, marked interrupted, nothing judged and nothing printed. The exit
  // status: kExitIo when an output failed.
  int write(const std::string& cut);

 private:
  void finish_report(int s);
  std::string method_line() const;
  nlohmann::ordered_json ab_json() const;
  std::string verdict_text(const std::string& cut, const Comparison& c) const;
  int print(const std::string& verdict, const Comparison& c, const nlohmann::ordered_json& json,
            const std::string& markdown);
  bool write_files(const std::string& verdict, const Comparison& c, const nlohmann::ordered_json& json,
                   const std::string& markdown);
  bool write_to(std::unique_ptr<OutputFile>& file, const std::string& text);
  void say_answer_problems() const;

  const AbCommand& c_;
  const AbSides& sides_;
  AbRecord& record_;
  std::FILE* out_;
  std::FILE* err_;
  std::unique_ptr<OutputFile> json_out_, markdown_out_, html_out_;
  std::array<std::unique_ptr<OutputFile>, 2> side_out_;
};

}  // namespace sudoku_bench
