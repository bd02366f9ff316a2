"""A tool of tools/ (a Python script without .py) as a module, for the tests that call its functions."""
import importlib.machinery
import importlib.util


def load_tool(name, path):
    loader = importlib.machinery.SourceFileLoader(name, path)
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader))
    loader.exec_module(module)
    return module
