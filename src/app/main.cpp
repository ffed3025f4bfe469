// queengames: parse the command line, call the library, print. See DEVELOPERS.md.
#include <iostream>
#include <new>

#include "cli.hpp"

int main(int argc, char** argv) {
  CLI::App app{"queengames — compute, verify and draw queen games and their sequences", "queengames"};
  app.set_version_flag("--version", std::string("queengames ") + QG_VERSION);
  app.require_subcommand(1);
  app.add_flag("-q,--quiet", qg::app::quiet(), "no progress line on stderr");
  for (const auto& command : qg::app::by_name(qg::app::commands())) command.setup(app);
  qg::app::install_signal_handlers();
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "queengames: " << e.what() << "\n";
    return 2;
  } catch (const qg::app::ExitStatus& e) {
    return e.code;
  } catch (const std::exception& e) {
    // After SIGINT/SIGTERM any failure (the Interrupted thrown by a poll, a read cut short
    // by EINTR) is the interruption; the output files were removed while unwinding.
    if (qg::app::interrupted()) {
      std::cerr << "queengames: interrupted; nothing was written\n";
      return 130;
    }
    if (dynamic_cast<const qg::MemoryError*>(&e)) {
      std::cerr << "queengames: " << e.what() << " (use --force to try)\n";
      return 2;
    }
    if (dynamic_cast<const qg::InputError*>(&e)) {
      std::cerr << "queengames: " << e.what() << "\n";
      return 2;
    }
    if (dynamic_cast<const std::bad_alloc*>(&e)) {
      std::cerr << "queengames: out of memory\n";
      return 1;
    }
    std::cerr << "queengames: internal error: " << e.what() << "\n";
    return 1;
  }
  if (qg::app::interrupted()) {  // the signal came after the last poll: the output is complete
    std::cerr << "queengames: interrupted after the output was complete\n";
    return 130;
  }
  return 0;
}
