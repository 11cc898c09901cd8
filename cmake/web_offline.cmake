# cmake/web_offline.cmake: writes the site's service worker (sw.js at the site's root) from the
# template web/js/sw.js, run in script mode after the app is linked and the page's files copied:
#   cmake -DSITE=<site> -DTEMPLATE=web/js/sw.js -DVERSION=<project version> -DFILES=index.html,js/io.js,... -P web_offline.cmake
# The template's `/*CFGI_BUILD*/ {...}` becomes {version, build, files: [{path, sha256}]}: the
# version is the CMake project version (the About box's), the build id the first 12 hex digits of
# the SHA-256 of every file's path and SHA-256, so any changed file makes a new cache.
foreach(v SITE TEMPLATE VERSION FILES)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "web_offline.cmake: ${v} is not set")
  endif()
endforeach()
string(REPLACE "," ";" FILES "${FILES}")
set(entries "")
set(all "")
foreach(f ${FILES})
  if(NOT EXISTS ${SITE}/${f})
    message(FATAL_ERROR "web_offline.cmake: ${SITE}/${f} is missing")
  endif()
  file(SHA256 ${SITE}/${f} sha)
  string(APPEND all "${f} ${sha}\n")
  if(entries)
    string(APPEND entries ",\n  ")
  endif()
  string(APPEND entries "{ path: '${f}', sha256: '${sha}' }")
endforeach()
string(SHA256 build "${all}")
string(SUBSTRING ${build} 0 12 build)
file(READ ${TEMPLATE} text)
string(FIND "${text}" "/*CFGI_BUILD*/" at)
if(at LESS 0)
  message(FATAL_ERROR "web_offline.cmake: ${TEMPLATE} has no /*CFGI_BUILD*/ marker")
endif()
string(REGEX REPLACE "/\\*CFGI_BUILD\\*/ [^\n]*;"
       "{ version: '${VERSION}', build: '${build}', files: [\n  ${entries}] };" text "${text}")
# Written only when it changed, so an unchanged build keeps the browser's installed worker.
set(out ${SITE}/sw.js)
if(EXISTS ${out})
  file(READ ${out} old)
  if(old STREQUAL text)
    return()
  endif()
endif()
file(WRITE ${out} "${text}")
message(STATUS "service worker: ${VERSION}-${build}, ${SITE}/sw.js")
