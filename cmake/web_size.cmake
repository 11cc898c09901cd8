# cmake/web_size.cmake: the web app's own copy of the core, compiled for size (preset `wasm`).
#   cfgi_web_size(config-inspector)    # from cfgi_web_app (cmake/web_app.cmake)
#
# The core libraries are compiled once per build at the configuration's level (Release: -O3) for
# everything that links them: the unit tests, the WebAssembly CLI and the benchmarks that
# scripts/node-vs-native.sh compares with native. The page wants the opposite trade (its
# index.wasm is downloaded before the first frame), so the app links copies of those libraries,
# app_<name>, compiled from the same sources with the same include directories and definitions
# plus CFGI_WEB_CORE_OPT (after the configuration's -O3: the last -O wins), and, with
# CFGI_WEB_LTO, the app's objects and the copies as LLVM bitcode (-flto) linked with link-time
# optimisation. The benchmarks keep the -O3 core. docs/web.md ("What the size is made of") has
# what each lever measured.
#
# The copies are made by walking the app's link graph: every library defined in this source
# tree that the app's libraries (cfgi_gui, its engine views) reach, but those, is copied with
# its properties, and the links (LINK_LIBRARIES, INTERFACE_LINK_LIBRARIES, $<TARGET_OBJECTS:...>)
# of the copies and of the app's libraries are renamed to the copies. A library added to the
# core later is copied with no change here.
# Both off by default: measured (docs/web.md), -Os with LTO took the .wasm from 1.94 to 1.45 MB
# gzip (1.34 MB with the dependencies at -Os too), but the app's evaluations run on that copy and
# got slower (6 Dec, idle machine: large-mesh 9.5 -> 12.1 s, prefix-100k 4.1 -> 5.7 s), as did
# main() to the first frame (237 -> 271 ms, median of 12 loads); -O2 with LTO saved only 3 %. It
# also compiles the core a second time (about 190 files) with a 2.5-minute link.
# -DCFGI_WEB_CORE_OPT=-Os -DCFGI_WEB_LTO=ON builds it.
set(CFGI_WEB_CORE_OPT "" CACHE STRING
    "Optimisation of the web app's copy of the core (empty: the app links the core the tests use)")
option(CFGI_WEB_LTO "Link the web app with link-time optimisation (its objects as LLVM bitcode)" OFF)

# The targets of this source tree reachable from `roots` through links, but `roots` themselves.
function(_cfgi_web_size_reach out)
  set(todo ${ARGN})
  set(seen ${ARGN})
  set(found)
  while(todo)
    list(POP_FRONT todo t)
    set(links)
    foreach(p LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
      get_target_property(v ${t} ${p})
      if(v)
        list(APPEND links ${v})
      endif()
    endforeach()
    foreach(l ${links})
      string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" l "${l}")
      if(NOT TARGET ${l} OR l IN_LIST seen)
        continue()
      endif()
      list(APPEND seen ${l})
      get_target_property(imported ${l} IMPORTED)
      get_target_property(dir ${l} SOURCE_DIR)
      if(imported OR NOT dir MATCHES "^${CMAKE_SOURCE_DIR}(/|$)")
        continue()
      endif()
      list(APPEND found ${l})
      list(APPEND todo ${l})
    endforeach()
  endwhile()
  set(${out} ${found} PARENT_SCOPE)
endfunction()

# Renames, in one property of `t`, every reference to a copied library (a list element, or the
# target of $<LINK_ONLY:...> / $<TARGET_OBJECTS:...>).
function(_cfgi_web_size_rename t prop)
  get_target_property(v ${t} ${prop})
  if(NOT v)
    return()
  endif()
  set(r)
  foreach(e ${v})
    foreach(c ${_cfgi_web_copied})
      string(REGEX REPLACE "^${c}$" "app_${c}" e "${e}")
      string(REGEX REPLACE "^(\\$<(LINK_ONLY|TARGET_OBJECTS):)${c}>$" "\\1app_${c}>" e "${e}")
    endforeach()
    list(APPEND r "${e}")
  endforeach()
  set_property(TARGET ${t} PROPERTY ${prop} "${r}")
endfunction()

function(cfgi_web_size target)
  if(NOT CFGI_WEB_CORE_OPT AND NOT CFGI_WEB_LTO)
    return()  # the app links the core the tests use
  endif()
  set(app cfgi_gui)
  get_property(views GLOBAL PROPERTY CFGI_LAYERING_LIBS)
  list(FILTER views INCLUDE REGEX "^cfgi_gui_view_")
  list(APPEND app ${views})
  _cfgi_web_size_reach(copied ${app})
  set(_cfgi_web_copied ${copied})
  set(lto)
  if(CFGI_WEB_LTO)
    set(lto -flto)
  endif()
  foreach(t ${copied})
    get_target_property(type ${t} TYPE)
    get_target_property(src_dir ${t} SOURCE_DIR)
    set(c app_${t})
    if(type STREQUAL "INTERFACE_LIBRARY")
      add_library(${c} INTERFACE)
    else()
      string(REGEX REPLACE "_LIBRARY$" "" kind ${type})
      get_target_property(srcs ${t} SOURCES)
      set(abs)
      foreach(s ${srcs})
        if(NOT IS_ABSOLUTE ${s} AND NOT s MATCHES "^\\$<")
          set(s ${src_dir}/${s})
        endif()
        list(APPEND abs ${s})
      endforeach()
      add_library(${c} ${kind} ${abs})
      foreach(p INCLUDE_DIRECTORIES COMPILE_OPTIONS COMPILE_DEFINITIONS COMPILE_FEATURES LINK_OPTIONS)
        get_target_property(v ${t} ${p})
        if(v)
          set_property(TARGET ${c} PROPERTY ${p} "${v}")
        endif()
      endforeach()
      target_compile_options(${c} PRIVATE ${CFGI_WEB_CORE_OPT} ${lto})
      # Generated sources (cfgi_proto's protoc output) come from the original's custom commands.
      if(abs MATCHES "(^|;)${CMAKE_BINARY_DIR}/")
        add_dependencies(${c} ${t})
      endif()
    endif()
    foreach(p INTERFACE_SOURCES INTERFACE_INCLUDE_DIRECTORIES INTERFACE_SYSTEM_INCLUDE_DIRECTORIES
              INTERFACE_COMPILE_OPTIONS INTERFACE_COMPILE_DEFINITIONS INTERFACE_COMPILE_FEATURES
              INTERFACE_LINK_OPTIONS LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
      get_target_property(v ${t} ${p})
      if(v)
        set_property(TARGET ${c} PROPERTY ${p} "${v}")
      endif()
    endforeach()
  endforeach()
  foreach(t ${copied})
    foreach(p LINK_LIBRARIES INTERFACE_LINK_LIBRARIES INTERFACE_SOURCES)
      _cfgi_web_size_rename(app_${t} ${p})
    endforeach()
  endforeach()
  foreach(t ${app} ${target})
    foreach(p LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
      _cfgi_web_size_rename(${t} ${p})
    endforeach()
    target_compile_options(${t} PRIVATE ${lto})
  endforeach()
  target_link_options(${target} PRIVATE ${lto})
endfunction()
