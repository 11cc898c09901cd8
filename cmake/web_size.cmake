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
# The default since 7 Dec: the copy at -Oz with LTO, its evaluation paths (CFGI_WEB_HOT_SOURCES)
# at -O2. Measured (docs/web.md "What the size is made of"): index.wasm 1,947,016 -> 1,464,707
# bytes gzip -9 (-24.8 %), the first frame no slower (median of 10 alternated loads 354 -> 321
# ms), the evaluations of the largest samples 0-13 % slower (two alternated runs of
# web/tests/scale.mjs: large-mesh +9.5 %, typing into its 3.6 MB file +13 %, prefix-100k the
# same). Everything at -Os had cost 27-38 % (6 Dec); -O2 with LTO saved only 3 %. The copy
# compiles the core a second time (about 190 files) and the LTO link takes 1.5-2.5 minutes.
# -DCFGI_WEB_CORE_OPT= -DCFGI_WEB_LTO=OFF links the tests' core instead.
set(CFGI_WEB_CORE_OPT "-Oz" CACHE STRING
    "Optimisation of the web app's copy of the core (empty: the app links the core the tests use)")
option(CFGI_WEB_LTO "Link the web app with link-time optimisation (its objects as LLVM bitcode)" ON)
# The evaluation paths of the copy keep a speed level (the rest of the copy is mostly loading,
# checking and explaining, run once per document): source files of this tree, globs relative to
# the source directory, compiled with CFGI_WEB_HOT_OPT after CFGI_WEB_CORE_OPT (a source's
# options follow its target's: the last -O wins). Empty CFGI_WEB_HOT_OPT: none.
set(CFGI_WEB_HOT_OPT "-O2" CACHE STRING "Optimisation of the copy's evaluation paths (CFGI_WEB_HOT_SOURCES)")
set(CFGI_WEB_HOT_SOURCES
    "core/matcher/matcher.cpp;core/matcher/request.cpp;core/matcher/network_inputs.cpp;core/cel/cel_eval.cpp;core/cel/cel_value.cpp;core/policy/policy_rules*.cpp;core/policy/policy_merge.cpp;core/policy/policy_engine.cpp;core/policy/policy_http_matches.cpp;core/targeting/resolve.cpp;core/ldap/*.cpp;core/txt/txt_select.cpp;core/txt/txt_rollout.cpp;core/variants/variants_evaluate.cpp;core/variants/index.cpp;core/variants/constraint.cpp;core/doc/node.cpp;core/doc/load.cpp;core/doc/utf8.cpp;core/engine/engine.cpp"
    CACHE STRING "The copy's sources compiled with CFGI_WEB_HOT_OPT (globs relative to the source directory)")

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
  if(CFGI_WEB_HOT_OPT)
    # Source properties are scoped to this directory, whose targets are the copies: the
    # originals (the tests' and benchmarks' core) keep the configuration's level.
    set(hot)
    foreach(g ${CFGI_WEB_HOT_SOURCES})
      file(GLOB found ${CMAKE_SOURCE_DIR}/${g})
      if(NOT found)
        message(FATAL_ERROR "CFGI_WEB_HOT_SOURCES: '${g}' names no file of ${CMAKE_SOURCE_DIR}")
      endif()
      list(APPEND hot ${found})
    endforeach()
    set_source_files_properties(${hot} PROPERTIES COMPILE_OPTIONS "${CFGI_WEB_HOT_OPT}")
  endif()
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
