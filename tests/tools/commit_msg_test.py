#!/usr/bin/python3
"""tools/commit-msg: its three rules on messages as git hands them to a commit-msg hook (comments, a
verbose commit's diff, another comment character), installed as the hook in a scratch repository, and
--since over commits already made (merges left out, an unknown revision refused).

Usage: commit_msg_test.py [unittest options]
"""
import os
import subprocess
import tempfile
import unittest

import tool_module

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.path.join(ROOT, "tools", "commit-msg")


tool = tool_module.load_tool("commit_msg", TOOL)


def rules(text, comment="#"):
    return [rule for rule, _, _ in tool.problems(tool.without_comments(text, comment))]


class RulesTest(unittest.TestCase):
    def test_a_good_message_passes(self):
        self.assertEqual(rules("results: one page per topic\n\nWhy, with figures.\n"), [])
        self.assertEqual(rules("a subject alone\n"), [])
        self.assertEqual(rules("\n\n  \nsubject after blank lines, as git strips them\n"), [])

    def test_the_subject_is_at_most_72_characters(self):
        self.assertEqual(rules("x" * 72 + "   \n\nbody\n"), [])  # trailing blanks are not counted
        self.assertEqual(rules("x" * 73 + "\n"), ["the subject is 73 characters, more than 72"])
        self.assertEqual(rules("é" * 72 + "\n"), [])  # characters, not bytes

    def test_a_body_needs_a_blank_second_line(self):
        self.assertEqual(rules("subject\nbody at once\n"), ["the second line is not blank, and a body follows"])
        both = rules("y" * 80 + "\nbody\n")
        self.assertEqual(len(both), 2)

    def test_the_subject_is_not_empty(self):
        self.assertEqual(rules(""), ["the subject is empty"])
        self.assertEqual(rules("# Please enter the commit message\n#\n\n"), ["the subject is empty"])

    def test_comments_and_a_verbose_commits_diff_are_left_out(self):
        text = ("subject\n\nbody\n# " + "c" * 100 + "\n"
                "# ------------------------ >8 ------------------------\n"
                "diff --git a/f b/f\n+" + "d" * 100 + "\n")
        self.assertEqual(rules(text), [])
        self.assertEqual(rules("; " + "c" * 100 + "\nsubject\n", comment=";"), [])
        self.assertEqual(rules("# not a comment under ';'\n", comment=";"), [])


class GitTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.repo = self.dir.name
        self.env = dict(os.environ, HOME=self.repo, GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="t",
                        GIT_AUTHOR_EMAIL="t@example.org", GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org")
        self.git("init", "-q")

    def tearDown(self):
        self.dir.cleanup()

    def git(self, *args, check=True):
        return subprocess.run(["git", *args], cwd=self.repo, env=self.env, check=check, capture_output=True, text=True)

    def commit(self, *messages, verify=False):
        args = ["commit", "-q", "--allow-empty"] + [x for m in messages for x in ("-m", m)]
        return self.git(*args, *([] if verify else ["--no-verify"]), check=False)

    def since(self, rev):
        return subprocess.run([TOOL, "--since", rev], cwd=self.repo, env=self.env, capture_output=True, text=True)

    def test_as_the_hook_it_refuses_a_long_subject(self):
        os.symlink(TOOL, os.path.join(self.repo, ".git", "hooks", "commit-msg"))
        self.assertEqual(self.commit("a short subject", "and a body", verify=True).returncode, 0)
        refused = self.commit("z" * 75, verify=True)
        self.assertNotEqual(refused.returncode, 0)
        self.assertIn("the subject is 75 characters, more than 72", refused.stderr)
        self.assertIn("fix: shorten it to 72 or fewer", refused.stderr)
        self.assertEqual(self.git("rev-list", "--count", "HEAD").stdout.strip(), "1")

    def test_since_lists_each_offending_commit_and_skips_merges(self):
        self.commit("base")
        base = self.git("rev-parse", "HEAD").stdout.strip()
        self.commit("good one", "body")
        self.commit("b" * 80)
        bad = self.git("rev-parse", "--short=7", "HEAD").stdout.strip()
        self.git("checkout", "-q", "-b", "side", base)
        self.commit("on the side")
        self.git("checkout", "-q", "-")
        self.git("merge", "-q", "--no-ff", "--no-verify", "-m", "m" * 90, "side")
        result = self.since(base)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        listed = [line for line in result.stdout.splitlines() if not line.startswith("commit-msg:")]
        self.assertEqual(len(listed), 1, result.stdout)
        self.assertTrue(listed[0].startswith(bad + "   80 chars"), listed[0])
        self.assertIn("3 commit(s) since", result.stdout)
        self.assertEqual(self.since("HEAD").returncode, 0)

    def test_since_refuses_an_unknown_revision(self):
        self.commit("base")
        result = self.since("0" * 40)
        self.assertEqual(result.returncode, 2)
        self.assertIn("cannot list the commits since", result.stderr)


if __name__ == "__main__":
    unittest.main()
