#include "plugin/elf_symbols.h"

#include <elf.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <fstream>
#include <iterator>

namespace sudoku_bench::plugin {
namespace {

bool contains_ignoring_case(std::string_view text, std::string_view part) {
  return std::search(text.begin(), text.end(), part.begin(), part.end(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
         }) != text.end();
}

// A T at `offset` of `bytes`, or false when it does not fit.
template <class T>
bool read_at(const std::string& bytes, std::uint64_t offset, T& out) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return false;
  std::copy_n(bytes.data() + offset, sizeof(T), reinterpret_cast<char*>(&out));
  return true;
}

}  // namespace

std::vector<std::string> exported_functions_like(const std::string& file, std::string_view part) {
  std::ifstream in(file, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Elf64_Ehdr header{};
  if (!read_at(bytes, 0, header) || std::string_view(reinterpret_cast<const char*>(header.e_ident), 4) != ELFMAG ||
      header.e_ident[EI_CLASS] != ELFCLASS64)
    return {};
  std::vector<std::string> found;
  for (std::uint64_t i = 0; i < header.e_shnum; ++i) {
    Elf64_Shdr symbols{}, names{};
    if (!read_at(bytes, header.e_shoff + i * sizeof(Elf64_Shdr), symbols) || symbols.sh_type != SHT_DYNSYM ||
        !read_at(bytes, header.e_shoff + std::uint64_t{symbols.sh_link} * sizeof(Elf64_Shdr), names))
      continue;
    for (std::uint64_t s = 0; s < symbols.sh_size / sizeof(Elf64_Sym); ++s) {
      Elf64_Sym sym{};
      if (!read_at(bytes, symbols.sh_offset + s * sizeof(Elf64_Sym), sym) || sym.st_shndx == SHN_UNDEF ||
          ELF64_ST_TYPE(sym.st_info) != STT_FUNC || sym.st_name >= names.sh_size ||
          names.sh_offset + sym.st_name >= bytes.size())
        continue;
      const char* start = bytes.data() + names.sh_offset + sym.st_name;
      const std::string name(start, strnlen(start, bytes.size() - (names.sh_offset + sym.st_name)));
      if (contains_ignoring_case(name, part)) found.push_back(name);
    }
  }
  return found;
}

}  // namespace sudoku_bench::plugin
