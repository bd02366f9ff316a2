// The machine's environment: read from captured /proc and /sys samples (tests/data/environment),
// the warnings it gives, and its JSON inside the report's context.
#include "report/environment.h"

#include <gtest/gtest.h>

#include "report/context_fields.h"
#include "report/report_json.h"
#include "test_paths.h"

namespace {

using sudoku_bench::Environment;

std::string sample(const std::string& machine) {
  return std::string(SUDOKU_BENCH_TEST_DATA_DIR) + "/environment/" + machine;
}

Environment with_affinity(Environment e, int count, const std::string& list) {
  e.affinity_count = count;
  e.affinity = list;
  return e;
}

// How many warnings mention `needle`.
int mentions(const std::vector<std::string>& warnings, const std::string& needle) {
  int n = 0;
  for (const std::string& w : warnings) n += w.find(needle) != std::string::npos;
  return n;
}

// What each captured sample reads as, a field a row: this_vm (a guest: no cache directory in sysfs,
// no cpufreq, no microcode, the hypervisor from the cpuinfo flag), bare_metal_performance and
// laptop_powersave (boost from intel_pstate/no_turbo 0).
struct TextField {
  const char* key;  // in the report's JSON
  const char* this_vm;
  const char* bare_metal_performance;
  const char* laptop_powersave;
};
const TextField kTextFields[] = {
    {"cpu_model", "AMD EPYC", "Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz",
     "11th Gen Intel(R) Core(TM) i7-1165G7 @ 2.80GHz"},
    {"cpu_vendor", "AuthenticAMD", "GenuineIntel", "GenuineIntel"},
    {"cpu_family", "26", "6", "6"},
    {"cpu_model_number", "2", "106", "140"},
    {"cpu_stepping", "1", "6", "1"},
    {"microcode", "", "0xd0003a5", "0xb4"},
    {"l1d_cache", "", "48K", "48K"},
    {"l1i_cache", "", "32K", "32K"},
    {"l2_cache", "", "1280K", "1280K"},
    {"l3_cache", "", "49152K", "12288K"},
    {"smt", "off", "on", "on"},
    {"hypervisor", "yes", "none", "none"},
    {"governor", "", "performance", "powersave"},
    {"boost", "unknown", "on", "on"},
    {"kernel", "6.18.44-fc-v769", "5.15.0-105-generic", "6.8.0-40-generic"},
    {"isolated_cpus", "", "2-3", ""},
};

// Reads the sample `machine` and checks it against its column of kTextFields and `load_average`.
void expect_reads(const char* machine, const char* TextField::*column, double load_average) {
  const Environment e = sudoku_bench::read_environment(sample(machine));
  const nlohmann::ordered_json json = sudoku_bench::environment_json(e);
  for (const TextField& row : kTextFields) EXPECT_EQ(json.at(row.key), row.*column) << machine << " " << row.key;
  EXPECT_EQ(e.aslr, 2);
  ASSERT_TRUE(e.load_average.has_value());
  EXPECT_DOUBLE_EQ(*e.load_average, load_average);
  EXPECT_EQ(e.affinity_count, 0);  // not read from files
  EXPECT_EQ(e.affinity, "");
}

TEST(EnvironmentTest, ReadsThisVm) { expect_reads("this_vm", &TextField::this_vm, 4.19); }

TEST(EnvironmentTest, ReadsBareMetalPerformance) {
  expect_reads("bare_metal_performance", &TextField::bare_metal_performance, 0.08);
}

TEST(EnvironmentTest, ReadsLaptopPowersave) { expect_reads("laptop_powersave", &TextField::laptop_powersave, 3.87); }

TEST(EnvironmentTest, MissingRootGivesDefaults) {
  EXPECT_EQ(sudoku_bench::read_environment(sample("no_such_machine")), Environment{});
}

TEST(EnvironmentTest, BareMetalGivesNoWarnings) {
  const Environment e = with_affinity(sudoku_bench::read_environment(sample("bare_metal_performance")), 64, "0-63");
  EXPECT_TRUE(sudoku_bench::environment_warnings(e, 64).empty());
}

TEST(EnvironmentTest, PowersaveWarnsOfTheGovernor) {
  Environment e = with_affinity(sudoku_bench::read_environment(sample("laptop_powersave")), 8, "0-7");
  const auto warnings = sudoku_bench::environment_warnings(e, 8);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(mentions(warnings, "governor is \"powersave\""), 1);
  // 3.87 on 4 CPUs is above 0.5 per CPU: the load warns too.
  e = with_affinity(e, 4, "0-3");
  EXPECT_EQ(sudoku_bench::environment_warnings(e, 4).size(), 2u);
  EXPECT_EQ(mentions(sudoku_bench::environment_warnings(e, 4), "load average was 3.87"), 1);
}

TEST(EnvironmentTest, NoCpufreqGivesNoGovernorWarning) {
  Environment e = with_affinity(sudoku_bench::read_environment(sample("this_vm")), 2, "0-1");
  e.load_average = 0.0;
  const auto warnings = sudoku_bench::environment_warnings(e, 2);
  EXPECT_EQ(mentions(warnings, "governor"), 0);
  // What remains is the hypervisor's, informational.
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(mentions(warnings, "hypervisor"), 1);
}

TEST(EnvironmentTest, LoadWarnsAboveHalfPerCpu) {
  Environment e;
  e.hypervisor = "none";
  e = with_affinity(e, 4, "0-3");
  e.load_average = 2.0;  // exactly 0.5 per CPU
  EXPECT_TRUE(sudoku_bench::environment_warnings(e, 1).empty());
  e.load_average = 2.01;
  const auto warnings = sudoku_bench::environment_warnings(e, 1);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0],
            "the 1-minute load average was 2.01 at start, above 0.5 per CPU of the 4 CPUs (0-3) this process may run "
            "on: other work competes for them, so the measurements may be noisy and low.");
  // Unknown affinity: nothing to weigh the load against.
  e = with_affinity(e, 0, "");
  EXPECT_TRUE(sudoku_bench::environment_warnings(e, 1).empty());
}

TEST(EnvironmentTest, ThreadsBeyondTheAffinityWarn) {
  Environment e;
  e.governor = "performance";
  e.hypervisor = "none";
  e = with_affinity(e, 2, "0-1");
  EXPECT_TRUE(sudoku_bench::environment_warnings(e, 2).empty());
  const auto warnings = sudoku_bench::environment_warnings(e, 3);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(mentions(warnings, "3 threads asked, but this process may run on only 2 CPUs (0-1)"), 1);
}

TEST(EnvironmentTest, HypervisorWarnsAndNamesItsVendor) {
  Environment e;
  e.hypervisor = "xen";
  const auto warnings = sudoku_bench::environment_warnings(e, 1);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(mentions(warnings, "running under a hypervisor (xen)"), 1);
  e.hypervisor = "unknown";
  EXPECT_TRUE(sudoku_bench::environment_warnings(e, 1).empty());
  // SMT and ASLR are informational only.
  e.smt = "on";
  e.aslr = 2;
  EXPECT_TRUE(sudoku_bench::environment_warnings(e, 1).empty());
}

TEST(EnvironmentTest, CpuListText) {
  EXPECT_EQ(sudoku_bench::cpu_list_text({}), "");
  EXPECT_EQ(sudoku_bench::cpu_list_text({0}), "0");
  EXPECT_EQ(sudoku_bench::cpu_list_text({0, 1}), "0-1");
  EXPECT_EQ(sudoku_bench::cpu_list_text({5, 0, 1, 2, 2, 7, 8}), "0-2,5,7-8");
}

// Read from a report's JSON as merge and compare read it: a Field that names its path in errors.
Environment read_back(const nlohmann::ordered_json& json) {
  return sudoku_bench::environment_from(sudoku_bench::Field(json, "context.environment"));
}

TEST(EnvironmentTest, JsonRoundTrip) {
  for (const char* machine : {"this_vm", "bare_metal_performance", "laptop_powersave"}) {
    const Environment e = with_affinity(sudoku_bench::read_environment(sample(machine)), 3, "0-1,4");
    const nlohmann::ordered_json written = sudoku_bench::environment_json(e);
    EXPECT_EQ(read_back(written), e) << machine;
    // Through text, as a report file goes.
    EXPECT_EQ(read_back(nlohmann::ordered_json::parse(written.dump())), e) << machine;
  }
  // Unknowns are null and read back as unknown.
  const nlohmann::ordered_json defaults = sudoku_bench::environment_json(Environment{});
  EXPECT_TRUE(defaults["aslr"].is_null());
  EXPECT_TRUE(defaults["load_average_1min"].is_null());
  EXPECT_EQ(read_back(defaults), Environment{});
}

TEST(EnvironmentTest, EmptyJsonGivesDefaults) {
  EXPECT_EQ(read_back(nlohmann::ordered_json::object()), Environment{});
  try {
    read_back(nlohmann::ordered_json{{"aslr", "two"}});
    ADD_FAILURE() << "a text aslr was read";
  } catch (const sudoku_bench::ReportFormatError& e) {
    EXPECT_STREQ(e.what(), "context.environment.aslr: \"two\" is not a whole number >= 0");
  }
  EXPECT_THROW(read_back(nlohmann::ordered_json::array()), sudoku_bench::ReportFormatError);
}

TEST(EnvironmentTest, ReportContextCarriesIt) {
  sudoku_bench::Report report;
  report.context.environment =
      with_affinity(sudoku_bench::read_environment(sample("bare_metal_performance")), 64, "0-63");
  report.context.environment_known = true;
  nlohmann::ordered_json written = sudoku_bench::to_json(report);
  ASSERT_TRUE(written["context"]["environment"].is_object());
  EXPECT_EQ(written["context"]["environment"]["governor"], "performance");
  EXPECT_EQ(sudoku_bench::from_json(written).context, report.context);

  // A report from before the environment was recorded: unknown, not an error.
  written["context"].erase("environment");
  const sudoku_bench::Context read = sudoku_bench::from_json(written).context;
  EXPECT_FALSE(read.environment_known);
  EXPECT_EQ(read.environment, Environment{});

  written["context"]["environment"] = {{"smt", 1}};
  EXPECT_THROW(sudoku_bench::from_json(written), sudoku_bench::ReportFormatError);
}

TEST(EnvironmentTest, CollectsThisMachine) {
  Environment e;
  EXPECT_NO_THROW(e = sudoku_bench::collect_environment());
  EXPECT_GE(e.affinity_count, 1);
  EXPECT_FALSE(e.affinity.empty());
  EXPECT_NO_THROW(sudoku_bench::environment_warnings(e, 1));
}

}  // namespace
