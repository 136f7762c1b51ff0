# Installing and packaging: `cmake --install build --prefix DIR` puts
#   DIR/bin/kenken
#   DIR/share/kenken/configs/*.toml          (found by name: --config overnight)
#   DIR/share/man/man1/kenken.1              (help2man, when installed)
#   DIR/share/bash-completion/completions/kenken
# and `cpack -G DEB` (in build/) makes a .deb of the same files under /usr.
include(GNUInstallDirs)

install(TARGETS kenken RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/configs/ DESTINATION ${CMAKE_INSTALL_DATADIR}/kenken/configs
        FILES_MATCHING PATTERN "*.toml")
install(FILES ${CMAKE_SOURCE_DIR}/scripts/kenken-completion.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME kenken)

# The man page, from `kenken --help` and `--version` (help2man: Debian package
# help2man, installed by scripts/setup.sh). Built with the default target.
find_program(HELP2MAN help2man)
if(HELP2MAN)
  set(KK_MAN_PAGE ${CMAKE_BINARY_DIR}/kenken.1)
  add_custom_command(
    OUTPUT ${KK_MAN_PAGE}
    COMMAND ${HELP2MAN} --no-info --no-discard-stderr
            --name "solve, grade and manufacture KenKen puzzles"
            --output ${KK_MAN_PAGE} $<TARGET_FILE:kenken>
    DEPENDS kenken
    COMMENT "kenken.1 (help2man)")
  add_custom_target(kenken_man ALL DEPENDS ${KK_MAN_PAGE})
  install(FILES ${KK_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 OPTIONAL)
else()
  message(STATUS "help2man not found: no man page (scripts/setup.sh installs it)")
endif()

set(CPACK_PACKAGE_NAME kenken)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "KenKen Factory")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Solve, grade and manufacture KenKen puzzles")
set(CPACK_PACKAGE_CONTACT "KenKen Factory <kenken@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
# The shared libraries the binary links (libtbb, libsqlite3, libcairo, ...) become
# the package's dependencies, found by dpkg-shlibdeps (dpkg-dev).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
include(CPack)
