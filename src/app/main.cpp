// queengames: parse the command line, call the library, print. See DEVELOPERS.md.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <new>

#include "cli.hpp"

int main(int argc, char** argv) {
  CLI::App app{"queengames — compute, verify and draw queen games and their sequences", "queengames"};
  app.set_version_flag("--version", std::string("queengames ") + QG_VERSION);
  app.require_subcommand(1);
  app.add_flag("-q,--quiet", qg::app::quiet(), "no progress line on stderr (before or after the command)");
  app.fallthrough();  // global options work after the subcommand too: `queengames bfile … -q`
  for (const auto& command : qg::app::by_name(qg::app::commands())) command.setup(app);
  qg::app::report_stale_temporaries(app);
  qg::app::install_signal_handlers();
  // Before --help is looked at: `queengames nosuch --help` is a mistyped command, not a call for help.
  if (const std::string unknown = qg::app::unknown_command(app, argc, argv); !unknown.empty()) {
    std::cerr << "queengames: " << unknown << "\n";
    return 2;
  }
  std::cout.exceptions(std::ios::badbit);  // every write to stdout is checked (a full disk, /dev/full)
  // Help and version text go to stdout like any output: a failed write is a write error, exit 2.
  auto print = [&](const CLI::ParseError& e) {
    std::cout.exceptions(std::ios::goodbit);
    return qg::app::close_stdout(app.exit(e));
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return print(e);
  } catch (const CLI::CallForAllHelp& e) {
    return print(e);
  } catch (const CLI::CallForVersion& e) {
    return print(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "queengames: " << qg::app::parse_error(app, e, argc, argv) << "\n";
    return 2;
  } catch (const qg::app::ExitStatus& e) {
    return qg::app::close_stdout(e.code);
  } catch (const qg::app::Interrupted&) {
    qg::app::end_progress_line();
    std::cerr << "queengames: interrupted; nothing was written\n";
    return 130;
  } catch (const std::ios_base::failure&) {
    int error = errno;
    std::cout.exceptions(std::ios::goodbit);
    if (std::fflush(stdout) != 0) error = errno;
    std::cerr << "queengames: write error: " << (error ? std::strerror(error) : "the output could not be written")
              << "\n";
    return 2;
  } catch (const std::exception& e) {
    qg::app::end_progress_line();
    // After SIGINT/SIGTERM any failure (the Interrupted thrown by a poll, a read cut short
    // by EINTR) is the interruption; the output files were removed while unwinding.
    if (qg::app::interrupted()) {
      std::cerr << "queengames: interrupted; nothing was written\n";
      return 130;
    }
    if (dynamic_cast<const qg::MemoryError*>(&e)) {
      // The hint only where the command (or subcommand) that ran offers --force.
      bool force = false;
      for (const CLI::App* command = &app; !command->get_subcommands().empty();) {
        command = command->get_subcommands().front();
        force = force || command->get_option_no_throw("--force") != nullptr;
      }
      std::cerr << "queengames: " << e.what() << (force ? " (use --force to try)" : "") << "\n";
      return 2;
    }
    if (dynamic_cast<const qg::InputError*>(&e)) {
      // Escaped where a message quotes an input's bytes past what the library escaped.
      std::cerr << "queengames: " << qg::printable(e.what(), 8000) << "\n";
      return 2;
    }
    if (const auto* fs = dynamic_cast<const std::filesystem::filesystem_error*>(&e)) {
      // A folder or file the environment refused (a loop of links, a read-only mount): the
      // user's to fix, as any bad input.
      std::cerr << "queengames: " << qg::printable(fs->path1().string()) << ": " << fs->code().message() << "\n";
      return 2;
    }
    if (dynamic_cast<const std::bad_alloc*>(&e)) {
      // An allocation the estimates let through and the system refused (other processes took
      // the memory): a refused size, as the estimates' own refusals are.
      std::cerr << "queengames: out of memory: the system refused an allocation (other processes may hold the "
                   "memory; try a smaller size)\n";
      return 2;
    }
    std::cerr << "queengames: internal error: " << e.what() << "\n";
    return 1;
  }
  if (qg::app::interrupted()) {
    // The command returned after the signal: it came after the last poll, or the command ends so
    // by design (serve). Either way what it wrote is whole.
    std::cerr << "queengames: interrupted; the command stopped with everything it wrote complete\n";
    return qg::app::close_stdout(130);
  }
  return qg::app::close_stdout(0);
}
