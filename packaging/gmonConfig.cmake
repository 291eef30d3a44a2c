# gmonConfig.cmake - CMake's find_package(gmon): profile with libgmon,
# the collector of gprof in C (exact call counts, threads included).
#
# One target:
#   find_package(gmon REQUIRED)
#   target_link_libraries(app PRIVATE gmon::gmon)
# or every target of the directory (and those below it) made after it:
#   find_package(gmon REQUIRED COMPONENTS everything)
# or, with no change to the project's files at all:
#   cmake -DCMAKE_PROJECT_INCLUDE=PREFIX/lib/cmake/gmon/gmon-everything.cmake
#
# gmon::gmon compiles with -pg and links with -pg and libgmon.so, which
# the process then shares: the executable and every shared library built
# with it count their calls in the one collector, whatever the order of
# the link line.  Run the program, then: gprof app gmon.out
get_filename_component(_gmon_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.."
	ABSOLUTE)
set(gmon_LIBRARY "${_gmon_prefix}/lib/libgmon.so")
if(NOT EXISTS "${gmon_LIBRARY}")
	set(gmon_FOUND FALSE)
	set(gmon_NOT_FOUND_MESSAGE "libgmon.so is not in ${_gmon_prefix}/lib")
	return()
endif()
if(NOT TARGET gmon::gmon)
	add_library(gmon::gmon SHARED IMPORTED)
	set_target_properties(gmon::gmon PROPERTIES
		IMPORTED_LOCATION "${gmon_LIBRARY}"
		IMPORTED_SONAME "libgmon.so"
		INTERFACE_COMPILE_OPTIONS "-pg"
		INTERFACE_LINK_OPTIONS "-pg")
endif()
foreach(_gmon_c IN LISTS gmon_FIND_COMPONENTS)
	if(_gmon_c STREQUAL "everything")
		set(gmon_everything_FOUND TRUE)
		add_compile_options(-pg)
		link_libraries(gmon::gmon)
	else()
		set(gmon_${_gmon_c}_FOUND FALSE)
	endif()
endforeach()
set(gmon_FOUND TRUE)
unset(_gmon_c)
unset(_gmon_prefix)
