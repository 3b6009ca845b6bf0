// tools/commands.hpp: the subcommands of `tessel`: each prints what the text
// library computed to the streams and returns the exit status.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace tessel::tool {

int run_eval(std::vector<std::string> const& exprs, std::ostream& out, std::ostream& err);
int run_show(std::string const& expr, std::string const& format, std::string const& file, long long max_cells,
             std::ostream& out, std::ostream& err);
int run_check(std::string const& expr, bool quiet, std::ostream& out, std::ostream& err);
int run_swizzle(int m, int n, int swz, bool xy, std::string const& format, std::string const& file, std::ostream& out,
                std::ostream& err);

int run_mma(std::string const& op, std::string const& atoms, std::string const& format, std::string const& file, bool list,
            std::ostream& out, std::ostream& err);
int run_copy(std::string const& op, std::string const& type, std::string const& threads, std::string const& values,
             std::string const& format, std::string const& file, bool list, std::ostream& out, std::ostream& err);

}  // namespace tessel::tool
