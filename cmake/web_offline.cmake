# cmake/web_offline.cmake: writes the site's service worker (sw.js at the site's root) from the
# template web/js/sw.js, run in script mode after the app is linked and the page's files copied:
#   cmake -DSITE=<site> -DTEMPLATE=web/js/sw.js -DVERSION=<project version> -DFILES=index.html,js/io.js,...
#         [-DLAZY=samples/policy/large-mesh.yaml,...] -P web_offline.cmake
# The template's `/*CFGI_BUILD*/ {...}` becomes {version, build, files: [{path, sha256}]}: the
# version is the CMake project version (the About box's), the build id the first 12 hex digits of
# the SHA-256 of every file's path and SHA-256, so any changed file makes a new cache.
cmake_policy(SET CMP0057 NEW)  # if(IN_LIST) in script mode
foreach(v SITE TEMPLATE VERSION FILES)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "web_offline.cmake: ${v} is not set")
  endif()
endforeach()
string(REPLACE "," ";" FILES "${FILES}")
# LAZY (optional): files the page fetches when needed (the large samples, web_samples.cmake): not
# fetched at install, cached by the worker once the page fetched them ({path, sha256, lazy: true}).
if(NOT DEFINED LAZY)
  set(LAZY "")
endif()
string(REPLACE "," ";" LAZY "${LAZY}")
set(entries "")
set(all "")
foreach(f ${FILES} ${LAZY})
  if(NOT EXISTS ${SITE}/${f})
    message(FATAL_ERROR "web_offline.cmake: ${SITE}/${f} is missing")
  endif()
  file(SHA256 ${SITE}/${f} sha)
  string(APPEND all "${f} ${sha}\n")
  if(entries)
    string(APPEND entries ",\n  ")
  endif()
  if(f IN_LIST LAZY)
    string(APPEND entries "{ path: '${f}', sha256: '${sha}', lazy: true }")
  else()
    string(APPEND entries "{ path: '${f}', sha256: '${sha}' }")
  endif()
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
