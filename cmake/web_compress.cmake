# cmake/web_compress.cmake: writes a gzip copy (`<file>.gz`, `gzip -9 -n`) beside each compressible
# file of the site, for hosts that serve stored copies (nginx `gzip_static on;`, Caddy
# `file_server { precompressed gzip }`, the browser tests' server in web/tests/harness.mjs) with
# `Content-Encoding: gzip` and the original `Content-Type` (docs/web.md "Hosting the site").
# Run in script mode after the service worker is written:
#   cmake -DSITE=<site> -DFILES=index.html,index.wasm,... -P web_compress.cmake
# A copy is written only when it saves at least a tenth of the file (the PNG icons do not), and
# only when the file is newer than its copy, so an unchanged build writes nothing. A copy that
# would not save enough is removed, so no stale copy of an earlier build is ever left beside a file.
foreach(v SITE FILES)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "web_compress.cmake: ${v} is not set")
  endif()
endforeach()
find_program(GZIP gzip REQUIRED)
string(REPLACE "," ";" FILES "${FILES}")
set(before 0)
set(after 0)
foreach(f ${FILES})
  set(in ${SITE}/${f})
  if(NOT EXISTS ${in})
    message(FATAL_ERROR "web_compress.cmake: ${in} is missing")
  endif()
  file(SIZE ${in} size)
  math(EXPR before "${before} + ${size}")
  if(EXISTS ${in}.gz AND NOT ${in} IS_NEWER_THAN ${in}.gz)
    file(SIZE ${in}.gz gz)
  else()
    execute_process(COMMAND ${GZIP} -9 -n -c ${in} OUTPUT_FILE ${in}.gz.tmp RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "web_compress.cmake: gzip ${in} failed (${rc})")
    endif()
    file(SIZE ${in}.gz.tmp gz)
    file(RENAME ${in}.gz.tmp ${in}.gz)
  endif()
  math(EXPR saved "${size} - ${gz}")
  math(EXPR tenth "${size} / 10")
  if(saved LESS tenth)
    file(REMOVE ${in}.gz)
    math(EXPR after "${after} + ${size}")
  else()
    math(EXPR after "${after} + ${gz}")
  endif()
endforeach()
message(STATUS "site compressed: ${before} -> ${after} bytes with the .gz copies")
