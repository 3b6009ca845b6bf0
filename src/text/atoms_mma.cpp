// The drawings of `tessel mma`: a table from MMA operation names to the
// functions that print a TiledMMA of that operation (text, TikZ or SVG, as
// CuTe's print, print_latex and print_svg), for the atom layouts listed in
// kMmaAtoms. Hopper's SM90_64xNx16 ops draw the same for every element type
// and major (their layouts depend on N and on A's source only), so one
// instantiation per (N, SS|RS) serves all their names.
#include <string>
#include <vector>

#include <tessel/atom/atom.hpp>
#include <tessel/text/text.hpp>

#include "capture.hpp"

namespace tessel::text {

namespace {

// The drawing of make_tiled_mma(Op, Layout<Shape<M,N,K>>) in format f.
template <class Op, int M, int N, int K>
std::string draw(AtomFormat f) {
  auto mma = make_tiled_mma(Op{}, tessel::Layout<Shape<tessel::Int<M>, tessel::Int<N>, tessel::Int<K>>>{});
  return detail::capture_stdout([&] {
    if (f == AtomFormat::latex) {
      print_latex(mma);
    } else if (f == AtomFormat::svg) {
      print_svg(mma);
    } else {
      print(mma);
      printf("tile_size:  "); print(tile_shape(mma)); printf("\n");
      printf("LayoutA_TV: "); print(mma.get_layoutA_TV()); printf("\n");
      printf("LayoutB_TV: "); print(mma.get_layoutB_TV()); printf("\n");
      printf("LayoutC_TV: "); print(mma.get_layoutC_TV()); printf("\n");
    }
  });
}

using DrawFn = std::string (*)(AtomFormat);

// The atom layouts `--atoms` accepts (M x N x K atoms).
struct AtomsEntry { char const* name; int m, n, k; };
constexpr AtomsEntry kMmaAtoms[] = {{"1x1x1", 1, 1, 1}, {"2x1x1", 2, 1, 1}, {"1x2x1", 1, 2, 1}, {"2x2x1", 2, 2, 1},
                                    {"4x1x1", 4, 1, 1}, {"1x4x1", 1, 4, 1}, {"4x2x1", 4, 2, 1}, {"2x4x1", 2, 4, 1}};
constexpr int kSm90Atoms = 4;  // warpgroup ops: up to 2x2x1 (512 threads)

template <class Op>
std::vector<DrawFn> fns_all() {
  return {draw<Op, 1, 1, 1>, draw<Op, 2, 1, 1>, draw<Op, 1, 2, 1>, draw<Op, 2, 2, 1>,
          draw<Op, 4, 1, 1>, draw<Op, 1, 4, 1>, draw<Op, 4, 2, 1>, draw<Op, 2, 4, 1>};
}
template <class Op>
std::vector<DrawFn> fns_sm90() {
  return {draw<Op, 1, 1, 1>, draw<Op, 2, 1, 1>, draw<Op, 1, 2, 1>, draw<Op, 2, 2, 1>};
}

struct MmaEntry {
  std::string name;
  std::vector<DrawFn> fns;  // by kMmaAtoms index
};

using KM = GMMA::Major;

template <int N>
void add_sm90(std::vector<MmaEntry>& t) {
  using SS = GMMA::MMA_64xNx16<N, GMMA::ptx::f32f16f16, false, KM::K, KM::K, GMMA::ScaleIn::One, GMMA::ScaleIn::One>;
  using RS = GMMA::MMA_64xNx16<N, GMMA::ptx::f32f16f16, true, KM::K, KM::K, GMMA::ScaleIn::One, GMMA::ScaleIn::One>;
  for (char const* kind : {"F32F16F16", "F32BF16BF16", "F16F16F16"}) {
    std::string const base = "SM90_64x" + std::to_string(N) + "x16_" + kind;
    t.push_back({base + "_SS", fns_sm90<SS>()});
    t.push_back({base + "_RS", fns_sm90<RS>()});
  }
}

template <int... N>
void add_sm90_all(std::vector<MmaEntry>& t, std::integer_sequence<int, N...>) {
  (add_sm90<8 * (N + 1)>(t), ...);
}

std::vector<MmaEntry> const& mma_table() {
  static std::vector<MmaEntry> const table = [] {
    std::vector<MmaEntry> t;
    t.push_back({"UniversalFMA", fns_all<UniversalFMA<float>>()});
    t.push_back({"SM80_16x8x8_F16F16F16F16_TN", fns_all<SM80_16x8x8_F16F16F16F16_TN>()});
    t.push_back({"SM80_16x8x16_F16F16F16F16_TN", fns_all<SM80_16x8x16_F16F16F16F16_TN>()});
    t.push_back({"SM80_16x8x8_F32F16F16F32_TN", fns_all<SM80_16x8x8_F32F16F16F32_TN>()});
    t.push_back({"SM80_16x8x16_F32F16F16F32_TN", fns_all<SM80_16x8x16_F32F16F16F32_TN>()});
    t.push_back({"SM80_16x8x8_F32BF16BF16F32_TN", fns_all<SM80_16x8x8_F32BF16BF16F32_TN>()});
    t.push_back({"SM80_16x8x16_F32BF16BF16F32_TN", fns_all<SM80_16x8x16_F32BF16BF16F32_TN>()});
    t.push_back({"SM80_16x8x8_F32TF32TF32F32_TN", fns_all<SM80_16x8x8_F32TF32TF32F32_TN>()});
    add_sm90_all(t, std::make_integer_sequence<int, 32>{});
    return t;
  }();
  return table;
}

// The op's name without a template argument list (SM90_..._SS<K,MN> -> SM90_..._SS);
// false when the arguments are not majors (K or MN, optionally GMMA::Major::).
bool strip_args(std::string const& op, std::string& base) {
  auto const lt = op.find('<');
  if (lt == std::string::npos) {
    base = op;
    return true;
  }
  if (op.back() != '>') return false;
  base = op.substr(0, lt);
  std::string args = op.substr(lt + 1, op.size() - lt - 2), a;
  int count = 0;
  for (std::size_t i = 0; i <= args.size(); ++i) {
    if (i == args.size() || args[i] == ',') {
      std::string s;
      for (char c : a) if (c != ' ') s += c;
      if (s.rfind("GMMA::Major::", 0) == 0) s = s.substr(13);
      if (s.rfind("KM::", 0) == 0) s = s.substr(4);
      bool const major = s == "K" || s == "MN";
      bool const scale = s == "GMMA::ScaleIn::One" || s == "GMMA::ScaleIn::Neg" || s == "One" || s == "Neg";
      if (!(count < 2 ? major : scale)) return false;
      ++count;
      a.clear();
    } else {
      a += args[i];
    }
  }
  return count >= 2 && count <= 4 && base.rfind("SM90_", 0) == 0;
}

}  // namespace

bool parse_atom_format(std::string const& name, AtomFormat& f) {
  if (name == "text") f = AtomFormat::text;
  else if (name == "svg") f = AtomFormat::svg;
  else if (name == "latex") f = AtomFormat::latex;
  else return false;
  return true;
}

std::vector<std::string> mma_names() {
  std::vector<std::string> names;
  for (auto const& e : mma_table()) names.push_back(e.name);
  return names;
}

int mma_drawing(std::string const& op, std::string const& atoms, AtomFormat f, std::string& doc, std::string& error) {
  std::string base;
  if (!strip_args(op, base)) {
    error = "'" + op + "': template arguments are <MajorA, MajorB[, ScaleA, ScaleB]> (K or MN; One or Neg) of an SM90 op";
    return kSyntax;
  }
  MmaEntry const* entry = nullptr;
  for (auto const& e : mma_table())
    if (e.name == base) entry = &e;
  if (!entry) {
    error = "unknown MMA operation '" + op + "' (tessel mma --list names them)";
    return kSyntax;
  }
  int idx = -1;
  for (int i = 0; i < int(sizeof kMmaAtoms / sizeof kMmaAtoms[0]); ++i)
    if (atoms == kMmaAtoms[i].name) idx = i;
  if (idx < 0 || idx >= int(entry->fns.size())) {
    error = "--atoms " + atoms + ": " + base + " is drawn with the atom layouts ";
    for (int i = 0; i < int(entry->fns.size()); ++i) error += std::string(i ? ", " : "") + kMmaAtoms[i].name;
    return kSyntax;
  }
  doc = entry->fns[std::size_t(idx)](f);
  return kOk;
}

}  // namespace tessel::text
