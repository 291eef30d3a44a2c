# mk/packaging.mk - what build systems use to find the collector:
# gmon.pc (pkg-config: Meson's dependency('gmon'), Makefiles' LDLIBS) and
# the CMake package (find_package(gmon): packaging/*.cmake).  gmon.pc
# names PREFIX, so it is written at install time.
.PHONY: install-packaging
install-packaging:
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig \
		$(DESTDIR)$(PREFIX)/lib/cmake/gmon
	sed 's|@PREFIX@|$(PREFIX)|' packaging/gmon.pc.in \
		>$(DESTDIR)$(PREFIX)/lib/pkgconfig/gmon.pc
	install -m 644 packaging/gmonConfig.cmake \
		packaging/gmonConfigVersion.cmake \
		packaging/gmon-everything.cmake \
		$(DESTDIR)$(PREFIX)/lib/cmake/gmon/
