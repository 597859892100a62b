# `cmake --install`: the public headers, the library (static, or shared with
# BUILD_SHARED_LIBS=ON) with a CMake package (find_package(kifu) → kifu::kifu), the kifu
# program and the grammar compiler kifu-pegc.
#
# The library links fmt, SQLite and simdjson privately; a static library still needs them at the
# consumer's link step, so kifu-config.cmake finds them again. Header-only dependencies
# (PEGTL, Boost, nlohmann-json) stay inside the build: no installed header includes them.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(KIFU_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/kifu")

install(DIRECTORY "${PROJECT_SOURCE_DIR}/runtime/include/kifu"
  DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
  FILES_MATCHING PATTERN "*.hpp")
install(TARGETS kifu EXPORT kifu-targets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}")
install(EXPORT kifu-targets
  NAMESPACE kifu::
  FILE kifu-targets.cmake
  DESTINATION "${KIFU_INSTALL_CMAKEDIR}")
foreach(tool IN ITEMS kifu_cli kifu-pegc)
  if(TARGET ${tool})
    # An installed program finds a shared libkifu in the prefix's library folder.
    set_target_properties(${tool} PROPERTIES INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")
    install(TARGETS ${tool} RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
  endif()
endforeach()

configure_package_config_file("${CMAKE_CURRENT_LIST_DIR}/kifu-config.cmake.in"
  "${PROJECT_BINARY_DIR}/kifu-config.cmake"
  INSTALL_DESTINATION "${KIFU_INSTALL_CMAKEDIR}")
# 0.x: a minor version may break the API.
write_basic_package_version_file("${PROJECT_BINARY_DIR}/kifu-config-version.cmake"
  VERSION "${PROJECT_VERSION}"
  COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/kifu-config.cmake" "${PROJECT_BINARY_DIR}/kifu-config-version.cmake"
  DESTINATION "${KIFU_INSTALL_CMAKEDIR}")
