# cmake/web_app.cmake: turns the app target into the web page (preset `wasm`).
#   cfgi_web_app(config-inspector)
# The target links cfgi_gui, built with app/platform/platform_web.cpp in the web build
# (app/gui/CMakeLists.txt); this links emscripten's GLFW emulation on WebGL 2, bundles the
# samples and the fonts (Debian's fonts-inter and fonts-dejavu-core) with --preload-file, uses
# web/shell.html as the page and copies web/js + web/style.css beside it. The site is
# ${CMAKE_BINARY_DIR}/site (index.html, index.js, index.wasm, index.data, js/, style.css, the icons,
# manifest.webmanifest and sw.js, the service worker that caches all of them: web_offline.cmake).
set(CFGI_FONT_INTER_DIR /usr/share/fonts/opentype/inter CACHE PATH "Inter fonts (fonts-inter)")
set(CFGI_FONT_DEJAVU_DIR /usr/share/fonts/truetype/dejavu CACHE PATH "DejaVu fonts (fonts-dejavu-core)")
set(CFGI_WEB_OPT -Os CACHE STRING "Optimisation of the web app's code and link (size first)")
# Samples larger than this are not bundled in index.data (which the page loads before main() runs)
# but copied to site/samples/ and fetched when opened (web_samples.cmake, web/js/samples.js).
set(CFGI_WEB_SAMPLE_BUNDLE_MAX 1000000 CACHE STRING "Largest sample (bytes) bundled in index.data")

function(cfgi_web_app target)
  set(site ${CMAKE_BINARY_DIR}/site)
  find_package(imgui REQUIRED CONFIG)
  target_link_libraries(${target} PRIVATE imgui::imgui)
  target_compile_options(${target} PRIVATE ${CFGI_WEB_OPT})
  # Each font with its role in the atlas (platform_web.cpp FontPath): text (the UI fonts and the
  # mono font, theme.cpp kText) or symbols (merged into them, kUiSymbols and kSymbols).
  set(font_roles
    text:${CFGI_FONT_INTER_DIR}/Inter-Regular.otf text:${CFGI_FONT_INTER_DIR}/Inter-SemiBold.otf
    text:${CFGI_FONT_DEJAVU_DIR}/DejaVuSansMono.ttf symbols:${CFGI_FONT_DEJAVU_DIR}/DejaVuSans.ttf)
  set(fonts ${font_roles})
  list(TRANSFORM fonts REPLACE "^[a-z]+:" "")
  # The fonts bundled are cut to the code points the atlas draws (scripts/web-fonts.py, fontTools:
  # 1.63 MB -> 0.22 MB of index.data, which the page loads before main() runs; the ranges are
  # theme.cpp's, the script fails when a subset lost a glyph the font had).
  find_program(CFGI_FONTTOOLS_PYTHON python3 HINTS /usr/bin NO_DEFAULT_PATH)
  execute_process(COMMAND ${CFGI_FONTTOOLS_PYTHON} -c "import fontTools.subset" RESULT_VARIABLE no_fonttools OUTPUT_QUIET ERROR_QUIET)
  if(NOT CFGI_FONTTOOLS_PYTHON OR no_fonttools)
    message(FATAL_ERROR "Debian's python3-fonttools is missing (the web page's fonts are cut with it): run scripts/setup.sh --web")
  endif()
  set(font_dir ${CMAKE_BINARY_DIR}/web/fonts)
  set(cut_fonts)
  foreach(f ${fonts})
    get_filename_component(n ${f} NAME)
    list(APPEND cut_fonts ${font_dir}/${n})
  endforeach()
  add_custom_command(OUTPUT ${cut_fonts}
    COMMAND ${CFGI_FONTTOOLS_PYTHON} ${CMAKE_SOURCE_DIR}/scripts/web-fonts.py ${CMAKE_SOURCE_DIR}/app/gui/theme.cpp ${font_dir} ${font_roles}
    DEPENDS ${fonts} ${CMAKE_SOURCE_DIR}/scripts/web-fonts.py ${CMAKE_SOURCE_DIR}/scripts/check-glyphs.py ${CMAKE_SOURCE_DIR}/app/gui/theme.cpp
    COMMENT "web page: fonts cut to the atlas's code points")
  add_custom_target(${target}_fonts DEPENDS ${cut_fonts})
  add_dependencies(${target} ${target}_fonts)
  # SHELL: keeps CMake from de-duplicating the repeated --preload-file.
  set(preload)
  if(IS_DIRECTORY ${CMAKE_SOURCE_DIR}/samples)
    list(APPEND preload "SHELL:--preload-file ${CMAKE_SOURCE_DIR}/samples@/samples")
  endif()
  foreach(f ${fonts})
    if(NOT EXISTS ${f})
      message(FATAL_ERROR "${f} is missing: run scripts/setup.sh --web")
    endif()
    get_filename_component(n ${f} NAME)
    list(APPEND preload "SHELL:--preload-file ${font_dir}/${n}@/fonts/${n}")
  endforeach()
  file(GLOB web_js CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/web/js/*.js)
  # js/sw.js is the service worker's template: the build writes it to the site's root (below).
  list(FILTER web_js EXCLUDE REGEX "/sw\\.js$")
  file(GLOB_RECURSE samples CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/samples/*)
  # The large samples: left out of index.data, copied beside the page, fetched when opened.
  set(remote)
  set(remote_site)
  foreach(f ${samples})
    file(SIZE ${f} size)
    if(size GREATER CFGI_WEB_SAMPLE_BUNDLE_MAX)
      file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR}/samples ${f})
      list(APPEND remote ${rel})
      list(APPEND remote_site samples/${rel})
      list(APPEND preload "SHELL:--exclude-file ${f}")
    endif()
  endforeach()
  set(remote_json ${CMAKE_BINARY_DIR}/web/remote-samples.json)
  string(REPLACE ";" "," remote_arg "${remote}")
  add_custom_command(OUTPUT ${remote_json}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/web
    COMMAND ${CMAKE_COMMAND} -DSAMPLES=${CMAKE_SOURCE_DIR}/samples -DSITE=${site} -DOUT=${remote_json}
            "-DFILES=${remote_arg}" -P ${CMAKE_SOURCE_DIR}/cmake/web_samples.cmake
    DEPENDS ${samples} ${CMAKE_SOURCE_DIR}/cmake/web_samples.cmake
    COMMENT "web page: samples fetched when opened")
  add_custom_target(${target}_samples DEPENDS ${remote_json})
  add_dependencies(${target} ${target}_samples)
  list(APPEND preload "SHELL:--preload-file ${remote_json}@/web/remote-samples.json")
  # Threads (CFGI_WASM_THREADS, CMakeLists.txt): RunAsync's worker thread is a Web Worker running
  # index.worker.js, made at start (a pool of one) so the first evaluation does not wait for it,
  # and loaded beside main() (PTHREAD_POOL_DELAY_LOAD): main() does not wait for the worker to
  # instantiate the module (it did: the first frame came 0.8-1.0 s later than the single-threaded
  # build's); a job posted before the worker is in runs when it is (library_pthread.js's
  # runPthread on 'loaded').
  set(threads)
  set(environment web)
  if(CFGI_WASM_THREADS)
    set(threads -sPTHREAD_POOL_SIZE=1 -sPTHREAD_POOL_DELAY_LOAD=1)
    set(environment web,worker)
  endif()
  target_link_options(${target} PRIVATE
    ${CFGI_WEB_OPT} ${threads}
    -sUSE_GLFW=3 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2
    # No WebGL extension is enabled at start: the ImGui OpenGL3 backend needs none on WebGL 2, and
    # enabling every one the browser offers (the default) asked the GPU process for each in turn,
    # 34 ms of main()'s ~180 ms to the first frame (6 Dec, Chromium's profiler, idle machine).
    -sGL_SUPPORT_AUTOMATIC_ENABLE_EXTENSIONS=0
    -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432
    -sENVIRONMENT=${environment} -sDYNAMIC_EXECUTION=0 -sFORCE_FILESYSTEM=1 -sMINIFY_HTML=0
    "-sEXPORTED_FUNCTIONS=['_main','_malloc','_free']"
    "-sEXPORTED_RUNTIME_METHODS=['ccall','FS','UTF8ToString','stringToUTF8','lengthBytesUTF8']"
    "SHELL:--shell-file ${CMAKE_SOURCE_DIR}/web/shell.html"
    ${preload})
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME index SUFFIX .html
    RUNTIME_OUTPUT_DIRECTORY ${site}
    LINK_DEPENDS "${CMAKE_SOURCE_DIR}/web/shell.html;${cut_fonts};${samples};${remote_json}")
  # The page's own files, copied on every build (cheap) so a JS edit needs no relink.
  add_custom_target(${target}_page ALL
    COMMAND ${CMAKE_COMMAND} -E make_directory ${site}/js
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${web_js} ${site}/js/
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${CMAKE_SOURCE_DIR}/web/style.css ${site}/style.css
    # The icon (favicon, manifest) and the manifest, from assets/.
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${CMAKE_SOURCE_DIR}/assets/config-inspector.svg ${site}/icon.svg
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${CMAKE_SOURCE_DIR}/assets/config-inspector.png ${site}/icon.png
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${CMAKE_SOURCE_DIR}/assets/config-inspector-48.png ${site}/icon-48.png
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${CMAKE_SOURCE_DIR}/assets/manifest.webmanifest ${site}/manifest.webmanifest
    COMMENT "web page: ${site}")
  # The service worker (offline after one visit): written after the link and the copies, from
  # every file above with its SHA-256 and the project version (the About box's CFGI_VERSION).
  set(site_files index.html index.js index.wasm index.data style.css icon.svg icon.png icon-48.png manifest.webmanifest)
  foreach(js ${web_js})
    get_filename_component(n ${js} NAME)
    list(APPEND site_files js/${n})
  endforeach()
  # The app's copy of the core compiled for size with its evaluation paths for speed, and
  # link-time optimisation (web_size.cmake; docs/web.md "What the size is made of").
  include(${CMAKE_SOURCE_DIR}/cmake/web_size.cmake)
  cfgi_web_size(${target})
  if(CFGI_WASM_THREADS)
    list(APPEND site_files index.worker.js)
  endif()
  string(REPLACE ";" "," site_files_arg "${site_files}")
  string(REPLACE ";" "," lazy_files_arg "${remote_site}")
  add_custom_target(${target}_offline ALL
    COMMAND ${CMAKE_COMMAND} -DSITE=${site} -DTEMPLATE=${CMAKE_SOURCE_DIR}/web/js/sw.js -DVERSION=${PROJECT_VERSION}
            "-DFILES=${site_files_arg}" "-DLAZY=${lazy_files_arg}" -P ${CMAKE_SOURCE_DIR}/cmake/web_offline.cmake
    # gzip copies beside the files, for hosts that serve stored copies (web_compress.cmake).
    COMMAND ${CMAKE_COMMAND} -DSITE=${site} "-DFILES=${site_files_arg},sw.js,${lazy_files_arg}"
            -P ${CMAKE_SOURCE_DIR}/cmake/web_compress.cmake
    COMMENT "web page: service worker")
  add_dependencies(${target}_offline ${target} ${target}_page)
endfunction()
