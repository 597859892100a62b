# Regenerates generated/<name>.hpp from grammars/<name>.peg with kifu-pegc-bootstrap (kifu-pegc
# without `run` and `test`, which link the library these parsers are part of) whenever the
# grammar or the compiler changes. The output goes into the source tree (it is checked in);
# the compiler writes only when the content differs, so an unchanged grammar leaves the file's
# timestamp alone. A stamp in the build tree records that a generation ran.
#
# Defines the target kifu_generated, which the runtime depends on.
file(GLOB KIFU_GRAMMARS CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/grammars/*.peg")
set(KIFU_GENERATED_STAMPS)
if(KIFU_REGENERATE)
  # `cmake -E touch` does not create the folder of the stamps.
  file(MAKE_DIRECTORY "${PROJECT_BINARY_DIR}/generated-stamps")
  foreach(grammar IN LISTS KIFU_GRAMMARS)
    get_filename_component(name "${grammar}" NAME_WE)
    set(stamp "${PROJECT_BINARY_DIR}/generated-stamps/${name}.stamp")
    add_custom_command(
      OUTPUT "${stamp}"
      BYPRODUCTS "${PROJECT_SOURCE_DIR}/generated/${name}.hpp"
      COMMAND kifu_pegc_bootstrap --output "generated/${name}.hpp" "grammars/${name}.peg"
      COMMAND ${CMAKE_COMMAND} -E touch "${stamp}"
      WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
      DEPENDS kifu_pegc_bootstrap "${grammar}"
      COMMENT "kifu-pegc grammars/${name}.peg"
      VERBATIM)
    list(APPEND KIFU_GENERATED_STAMPS "${stamp}")
  endforeach()
endif()
add_custom_target(kifu_generated DEPENDS ${KIFU_GENERATED_STAMPS})
