# gmon-everything.cmake - profile a whole CMake project with libgmon
# without editing it: cmake -DCMAKE_PROJECT_INCLUDE=THIS_FILE ...
# (CMake reads it at the end of the project() call, before any target.)
find_package(gmon REQUIRED COMPONENTS everything
	PATHS "${CMAKE_CURRENT_LIST_DIR}" NO_DEFAULT_PATH)
