#include "run/ab_record.h"

#include "report/pass_fields.h"
#include "report/report_json.h"

namespace sudoku_bench {

nlohmann::ordered_json ab_head_message(const AbRecord& record, const std::string& base, const std::string& current,
                                       int threads) {
  Report head;
  head.context = record.context;
  head.settings.solvers = {base, current};
  head.settings.threads = {threads};
  head.settings.latency_clock = record.clock_name;
  return {{"head", to_json(head)}, {"cpu", record.cpu}};
}

nlohmann::ordered_json ab_round_message(const AbRecord& record, int round,
                                        const std::array<std::vector<MeasuredPass>, 2>& passes,
                                        std::optional<double> log_ratio) {
  nlohmann::ordered_json sides = nlohmann::ordered_json::array();
  for (const auto& side : passes) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const MeasuredPass& p : side) list.push_back(pass_to_json(p));
    sides.push_back(std::move(list));
  }
  return {{"round", round},
          {"passes", std::move(sides)},
          {"log_ratio", log_ratio ? nlohmann::ordered_json(*log_ratio) : nlohmann::ordered_json(nullptr)},
          {"problems", record.answer_problems},
          {"spread", record.spread},
          {"wanted", record.wanted},
          {"other_context", record.other_context}};
}

nlohmann::ordered_json ab_looks_message(const AbRecord& record) { return {{"looks", record.looks}}; }

void take_ab_message(AbRecord& record, const nlohmann::ordered_json& message) {
  if (message.contains("head")) {
    const Report head = from_json(message["head"]);
    record.context = head.context;
    record.clock_name = head.settings.latency_clock;
    record.cpu = message.value("cpu", -1);
    return;
  }
  if (!message.contains("round")) {  // a look made after its round was sent
    record.looks = message["looks"].get<std::vector<int>>();
    return;
  }
  for (std::size_t s = 0; s < 2; ++s)
    for (const auto& pass : message["passes"][s]) record.side_reports[s].passes.push_back(pass_from_json(pass));
  record.rounds_done = message["round"].get<std::size_t>();
  record.answer_problems = message["problems"].get<std::vector<std::string>>();
  record.spread = message["spread"].get<double>();
  record.wanted = message["wanted"].get<int>();
  record.other_context = message["other_context"].get<std::string>();
}

}  // namespace sudoku_bench
