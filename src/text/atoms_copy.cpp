// The drawings of `tessel copy`: a table from copy operation names to the
// functions that print make_tiled_copy(Copy_Atom<Op, T>, threads, values)
// (text, TikZ or SVG, as CuTe's print and print_latex; SVG in print_svg's
// style) for the element types, thread layouts and value layouts listed
// below. A combination the atom cannot tile (threads not a multiple of the
// atom's, values not a multiple of its values, elements that do not divide its
// registers) is the named error the library would give at compile time.
#include <string>
#include <vector>

#include <tessel/atom/atom.hpp>
#include <tessel/text/text.hpp>

#include "capture.hpp"

namespace tessel::text {

namespace {

// Column-major R x C thread and value layouts `--threads` and `--values` accept.
struct Shape2 { char const* name; int r, c; };
constexpr Shape2 kThreads[] = {{"32x1", 32, 1}, {"16x2", 16, 2}, {"8x4", 8, 4}, {"4x8", 4, 8}, {"32x4", 32, 4}, {"16x8", 16, 8}};
constexpr Shape2 kValues[] = {{"1x1", 1, 1}, {"1x2", 1, 2}, {"1x4", 1, 4}, {"1x8", 1, 8}, {"2x1", 2, 1}, {"4x1", 4, 1}};
constexpr int kNT = int(sizeof kThreads / sizeof kThreads[0]);
constexpr int kNV = int(sizeof kValues / sizeof kValues[0]);

// Whether make_tiled_copy(Copy_Atom<Op, T>, TR x TC, VR x VC) is defined (the conditions of
// Copy_Atom and TiledCopy), and the message when not.
template <class Op, class T, int Thr, int Val>
constexpr char const* why_not() {
  using Tr = Copy_Traits<Op>;
  constexpr int bits = sizeof_bits_v<T>;
  constexpr int atom_thr = decltype(size(typename Tr::ThrID{}))::value;
  using Src = decltype(upcast<bits>(typename Tr::SrcLayout{}));
  using Dst = decltype(upcast<bits>(typename Tr::DstLayout{}));
  using Ref = decltype(upcast<bits>(typename Tr::RefLayout{}));
  if (decltype(size<0>(Src{}))::value != atom_thr || decltype(size<0>(Dst{}))::value != atom_thr ||
      decltype(size<0>(Ref{}))::value != atom_thr)
    return "the operation cannot move elements of this type (Copy_Atom: its bit layouts do not divide into elements of T)";
  if (Thr % atom_thr != 0) return "the number of threads is not a multiple of the atom's threads (TiledCopy)";
  if (Val % decltype(size<1>(Ref{}))::value != 0) return "each thread's values are not a multiple of the atom's values (TiledCopy)";
  return nullptr;
}

template <class Op, class T, int TR, int TC, int VR, int VC>
std::string draw(AtomFormat f) {
  auto copy = make_tiled_copy(Copy_Atom<Op, T>{}, tessel::Layout<Shape<tessel::Int<TR>, tessel::Int<TC>>>{}, tessel::Layout<Shape<tessel::Int<VR>, tessel::Int<VC>>>{});
  return detail::capture_stdout([&] {
    if (f == AtomFormat::latex) print_latex(copy);
    else if (f == AtomFormat::svg) print_svg(copy);
    else print(copy);
  });
}

using DrawFn = std::string (*)(AtomFormat);
struct Cell { DrawFn fn; char const* why; };

template <class Op, class T, int I, int J>
constexpr Cell cell() {
  constexpr Shape2 t = kThreads[I], v = kValues[J];
  constexpr char const* why = why_not<Op, T, t.r * t.c, v.r * v.c>();
  if constexpr (why == nullptr) return {draw<Op, T, t.r, t.c, v.r, v.c>, nullptr};
  else return {nullptr, why};
}

template <class Op, class T, int... K>
std::vector<Cell> cells(std::integer_sequence<int, K...>) {
  return {cell<Op, T, K / kNV, K % kNV>()...};
}

struct CopyEntry {
  std::string name;
  std::vector<Cell> half, single, byte;  // T = half_t (16 bits), float (32), uint8_t (8): by thread * kNV + value
};

template <class Op>
CopyEntry entry(char const* name) {
  auto seq = std::make_integer_sequence<int, kNT * kNV>{};
  return {name, cells<Op, half_t>(seq), cells<Op, float>(seq), cells<Op, std::uint8_t>(seq)};
}

std::vector<CopyEntry> const& copy_table() {
  static std::vector<CopyEntry> const table = [] {
    std::vector<CopyEntry> t;
    t.push_back(entry<UniversalCopy<std::uint8_t>>("UniversalCopy<uint8_t>"));
    t.push_back(entry<UniversalCopy<std::uint16_t>>("UniversalCopy<uint16_t>"));
    t.push_back(entry<UniversalCopy<std::uint32_t>>("UniversalCopy<uint32_t>"));
    t.push_back(entry<UniversalCopy<std::uint64_t>>("UniversalCopy<uint64_t>"));
    t.push_back(entry<UniversalCopy<uint128_t>>("UniversalCopy<uint128_t>"));
    t.push_back(entry<SM75_U32x1_LDSM_N>("SM75_U32x1_LDSM_N"));
    t.push_back(entry<SM75_U32x2_LDSM_N>("SM75_U32x2_LDSM_N"));
    t.push_back(entry<SM75_U32x4_LDSM_N>("SM75_U32x4_LDSM_N"));
    t.push_back(entry<SM75_U16x2_LDSM_T>("SM75_U16x2_LDSM_T"));
    t.push_back(entry<SM75_U16x4_LDSM_T>("SM75_U16x4_LDSM_T"));
    t.push_back(entry<SM75_U16x8_LDSM_T>("SM75_U16x8_LDSM_T"));
    t.push_back(entry<SM80_CP_ASYNC_CACHEALWAYS<std::uint32_t>>("SM80_CP_ASYNC_CACHEALWAYS<uint32_t>"));
    t.push_back(entry<SM80_CP_ASYNC_CACHEALWAYS<std::uint64_t>>("SM80_CP_ASYNC_CACHEALWAYS<uint64_t>"));
    t.push_back(entry<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>>("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>"));
    t.push_back(entry<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>>("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>"));
    return t;
  }();
  return table;
}

template <std::size_t N>
int find(Shape2 const (&menu)[N], std::string const& s) {
  for (int i = 0; i < int(N); ++i)
    if (s == menu[i].name) return i;
  return -1;
}
template <std::size_t N>
std::string names(Shape2 const (&menu)[N]) {
  std::string r;
  for (std::size_t i = 0; i < N; ++i) r += std::string(i ? ", " : "") + menu[i].name;
  return r;
}

}  // namespace

std::vector<std::string> copy_names() {
  std::vector<std::string> n;
  for (auto const& e : copy_table()) n.push_back(e.name);
  return n;
}

int copy_drawing(std::string const& op, std::string const& type, std::string const& threads, std::string const& values,
                 AtomFormat f, std::string& doc, std::string& error) {
  CopyEntry const* e = nullptr;
  for (auto const& x : copy_table())
    if (x.name == op) e = &x;
  if (!e) {
    error = "unknown copy operation '" + op + "' (tessel copy --list names them)";
    return kSyntax;
  }
  std::vector<Cell> const* cs = type == "half_t" || type == "bfloat16_t" || type == "uint16_t" ? &e->half
                                : type == "float" || type == "tfloat32_t" || type == "uint32_t" ? &e->single
                                : type == "uint8_t" || type == "int8_t"                         ? &e->byte
                                                                                                : nullptr;
  if (!cs) {
    error = "--type " + type + ": one of half_t, bfloat16_t, uint16_t (16 bits), float, tfloat32_t, uint32_t (32), uint8_t, int8_t (8)";
    return kSyntax;
  }
  int const ti = find(kThreads, threads), vi = find(kValues, values);
  if (ti < 0) {
    error = "--threads " + threads + ": one of " + names(kThreads) + " (column-major)";
    return kSyntax;
  }
  if (vi < 0) {
    error = "--values " + values + ": one of " + names(kValues) + " (column-major)";
    return kSyntax;
  }
  Cell const& c = (*cs)[std::size_t(ti * kNV + vi)];
  if (!c.fn) {
    error = "make_tiled_copy(Copy_Atom<" + op + ", " + type + ">, " + threads + ", " + values + "): " + c.why;
    return kInadmissible;
  }
  doc = c.fn(f);
  return kOk;
}

}  // namespace tessel::text
