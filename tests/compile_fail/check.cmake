# A compile-fail test: SRC must compile with -DTESSEL_COMPILE_FAIL_CONTROL
# (its correct variant; this proves the failure below is not some other
# mistake) and must fail to compile without it, with EXPECT in the compiler's
# output (the text of tessel's static_assert).
#
#   cmake -DCXX=<compiler> -DINCLUDE=<include dir> -DSRC=<file.cpp>
#         "-DEXPECT=<text>" -P check.cmake
foreach(_var CXX INCLUDE SRC EXPECT)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "check.cmake: ${_var} is not set")
  endif()
endforeach()
set(_cmd ${CXX} -std=c++20 -fsyntax-only -I${INCLUDE} ${SRC})

execute_process(COMMAND ${_cmd} -DTESSEL_COMPILE_FAIL_CONTROL
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "FAIL: the control variant of ${SRC} does not compile:\n${_out}")
endif()

execute_process(COMMAND ${_cmd} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
if(_rc EQUAL 0)
  message(FATAL_ERROR "FAIL: ${SRC} compiled, but it must not")
endif()
string(FIND "${_out}" "${EXPECT}" _pos)
if(_pos EQUAL -1)
  message(FATAL_ERROR "FAIL: ${SRC} failed to compile, but without \"${EXPECT}\":\n${_out}")
endif()
message(STATUS "OK: ${SRC} is rejected with \"${EXPECT}\"")
