/*
 * test_demangle.c - demangle() must print each name as GNU gprof 2.40
 * does: the table holds what /usr/bin/gprof 2.40 printed for each name
 * (given to it with -S, an nm-style symbol file, and a profile that
 * lists them all), raw names included.  binutils 2.40's c++filt agrees
 * with it except where c++filt is verbose (std::string spelled out) and
 * for Rust symbols (c++filt keeps the hash).  A toolchain whose
 * demangler prints something else for a row fails here: that is how
 * drift from 2.40 is found (demangle.h says what we do about it).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "demangle.h"

/* Names we print as 2.40 does. */
static const struct {
	const char *mangled;
	const char *gnu; /* what gprof 2.40 prints */
} names[] = {
	/* Functions, as 2.40 demangles them. */
	{ "_Z3fooi", "foo(int)" },
	{ "_ZN2ns5KlassC1Ev", "ns::Klass::Klass()" },
	{ "_ZNK2ns5Klass6methodEv", "ns::Klass::method() const" },
	{ "_ZN2ns5KlasspLERKS0_", "ns::Klass::operator+=(ns::Klass const&)" },
	{ "_ZNK2ns5KlasscviEv", "ns::Klass::operator int() const" },
	{ "_ZN2ns5Klass4statEPKcz", "ns::Klass::stat(char const*, ...)" },
	{ "_ZN3FixILin3EE3getEv", "Fix<-3>::get()" },
	{ "_ZN2ns2v13inlEl", "ns::v1::inl(long)" },
	{ "_ZN12_GLOBAL__N_14anonEh",
	  "(anonymous namespace)::anon(unsigned char)" },
	{ "_Z6taggedB5cxx11v", "tagged[abi:cxx11]()" },
	{ "_Z5applyPFiiEi", "apply(int (*)(int), int)" },
	{ "_Z3volPViRKiOi", "vol(int volatile*, int const&, int&&)" },
	{ "_ZZ4mainENKUliE_clEi",
	  "main::{lambda(int)#1}::operator()(int) const" },
	{ "_ZNSt3mapINSt7__cxx1112basic_stringIcSt11char_"
	  "traitsIcESaIcEEEiSt4lessIS5_ESaISt4pairIKS5_iEEEixEOS5_",
	  "std::map<std::__cxx11::basic_string<char, std::char_traits<char>, "
	  "std::allocator<char> >, int, "
	  "std::less<std::__cxx11::basic_string<char, std::char_traits<char>, "
	  "std::allocator<char> > >, "
	  "std::allocator<std::pair<std::__cxx11::basic_string<char, "
	  "std::char_traits<char>, std::allocator<char> > const, int> > "
	  ">::operator[](std::__cxx11::basic_string<char, "
	  "std::char_traits<char>, std::allocator<char> >&&)" },
	{ "_ZSt10__invoke_rIiRZ4mainEUliE_JiEENSt9enable_ifIX16is_invocable_r_"
	  "vIT_T0_DpT1_EES3_E4typeEOS4_DpOS5_",
	  "std::enable_if<is_invocable_r_v<int, main::{lambda(int)#1}&, int>, "
	  "int>::type std::__invoke_r<int, main::{lambda(int)#1}&, "
	  "int>(main::{lambda(int)#1}&, int&&)" },
	{ "_Z1fDn", "f(decltype(nullptr))" },
	{ "_Z1fIJidEEvDpT_", "void f<int, double>(int, double)" },
	{ "_ZL3bazv", "baz()" },
	{ "_ZdlPvm", "operator delete(void*, unsigned long)" },
	{ "_ZNKSt9type_info4nameEv", "std::type_info::name() const" },
	{ "_Z1gIiEDTplfp_fp_ET_", "decltype ({parm#1}+{parm#1}) g<int>(int)" },
	{ "_Z1hIiEDTcl1fIT_EEES0_", "decltype ((f<int>)()) h<int>(int)" },
	{ "_ZN1XcvT_IiEEv", "X::operator int<int>()" },
	{ "_Z1fPFvvEU7noexcept", "f(void (*)(), unsigned short noexcep)" },
	{ "_Z1fDu", "f(char8_t)" },
	{ "_ZN5Outer5InnerIiE3getIlEEiT_",
	  "int Outer::Inner<int>::get<long>(long)" },
	{ "_ZZN1A1fEvE1x", "A::f()::x" },
	{ "_ZZN1A1fEvENK3$_0clEv", "A::f()::$_0::operator()() const" },
	{ "_ZN1A1fB3fooEv", "A::f[abi:foo]()" },
	{ "_ZN1ACI11BEi", "A::B(int)" },
	{ "_Z1fM1AKFivE", "f(int (A::*)() const)" },
	{ "_Z1fILb1EEvv", "void f<true>()" },
	{ "_Z1fIXadL_Z1gvEEEvv", "void f<&(g())>()" },
	{ "_Z1fSt9nullptr_t", "f(std::nullptr_t)" },
	{ "_Z1fDv4_f", "f(float __vector(4))" },
	{ "_Z1fDh", "f(half)" },
	{ "_Z1fDf", "f(decimal32)" },
	{ "_Z1fDs", "f(char16_t)" },
	{ "_Z1fDa", "f(auto)" },
	{ "_ZNKSt4hashISsEclESs",
	  "std::hash<std::string>::operator()(std::string) const" },
	{ "_Z1fSs", "f(std::string)" },
	{ "_Z1fSo", "f(std::ostream)" },
	/* GCC's clone suffixes, and a symbol version kept after the name. */
	{ "_Z3fooi.constprop.0", "foo(int) [clone .constprop.0]" },
	{ "_Z3fooi.cold", "foo(int) [clone .cold]" },
	{ "_Z3fooi.part.0.isra.0", "foo(int) [clone .part.0] [clone .isra.0]" },
	{ "_Z3fooi@@VER_1", "foo(int)@@VER_1" },
	{ "_Z3barv.lto_priv.0", "bar() [clone .lto_priv.0]" },
	{ "_Z4quuxIfEvT_.part.0", "void quux<float>(float) [clone .part.0]" },
	{ "_ZN1S1fEv.cold", "S::f() [clone .cold]" },
	{ "_Z1fv.localalias", "f() [clone .localalias]" },
	/* Special names: thunks, guard variables, tables, data, constructors. */
	{ "_GLOBAL__I_foo", "global constructors keyed to foo" },
	{ "_GLOBAL__D_foo", "global destructors keyed to foo" },
	{ "_ZThn8_N1B1fEv", "non-virtual thunk to B::f()" },
	{ "_ZGVZ4mainE1x", "guard variable for main::x" },
	{ "_ZTV1A", "vtable for A" },
	{ "_Z3foo", "foo" },
	{ "_ZSt4cout", "std::cout" },
	{ "_ZTH1x", "TLS init function for x" },
	{ "_ZTW1x", "TLS wrapper function for x" },
	{ "_ZTI1A", "typeinfo for A" },
	/* Names 2.40 prints raw: not mangled, malformed, or beyond its
	 * demangler (C++20 requires-clauses, explicit object parameters,
	 * fixed-point types), which a newer system demangler may read. */
	{ "_GLOBAL__sub_I_main", "_GLOBAL__sub_I_main" },
	{ "_GLOBAL_.I.foo", "_GLOBAL_.I.foo" },
	{ "_GLOBAL_$D$foo", "_GLOBAL_$D$foo" },
	{ "_Z1fDpT_", "_Z1fDpT_" },
	{ "_ZN1S1fEHS_", "_ZN1S1fEHS_" },
	{ "_ZNH1S1fES_", "_ZNH1S1fES_" },
	{ "_ZNH1S1fIRS_EEvOT_", "_ZNH1S1fIRS_EEvOT_" },
	{ "_Z1fIiQ1CIT_EEvS0_", "_Z1fIiQ1CIT_EEvS0_" },
	{ "_Z1fIiEvT_Q1CIS0_E", "_Z1fIiEvT_Q1CIS0_E" },
	{ "_ZN1AIiE1fEvQ1CIT_E", "_ZN1AIiE1fEvQ1CIT_E" },
	{ "_Zfoo", "_Zfoo" },
	{ "_Z", "_Z" },
	{ "_D3foo3barFZv", "_D3foo3barFZv" },
	{ "_Z1fDFi", "_Z1fDFi" },
	{ "_Z1fu8char8_t", "_Z1fu8char8_t" },
	{ "_ZGR1x_", "_ZGR1x_" },
	{ "_Z1fDFs", "_Z1fDFs" },
	{ "_ZW3modE3foov", "_ZW3modE3foov" },
	{ "_Z1aIiEDaRKT_QrqXeqplLi2ELi2ELi5EE",
	  "_Z1aIiEDaRKT_QrqXeqplLi2ELi2ELi5EE" },
	{ "_ZN3FooIdEC2IiEET_QrqQ1CITL0__EE",
	  "_ZN3FooIdEC2IiEET_QrqQ1CITL0__EE" },
	{ "_Z1fIiQ1CIT_EEvv", "_Z1fIiQ1CIT_EEvv" },
	{ "_ZNH7MyClass4funcERKS_", "_ZNH7MyClass4funcERKS_" },
	{ "_ZNH1S3fooES_", "_ZNH1S3fooES_" },
};

/*
 * Known differences (tests/diff/KNOWN.md): 2.40 reads constructs this
 * system's demangler does not, _FloatN, bfloat16 and module names (raw
 * here; OURS NULL: raw, or 2.40's string with a newer demangler), and
 * Rust symbols (2.40 drops a legacy name's hash and decodes its
 * escapes, and reads "_R" names).
 */
static const struct {
	const char *mangled, *gnu;
	const char *ours; /* what we print; NULL: see above */
} differs[] = {
	{ "_ZN4core3ptr13drop_in_place17h0123456789abcdefE",
	  "core::ptr::drop_in_place",
	  "core::ptr::drop_in_place::h0123456789abcdef" },
	{ "_ZN66_$LT$alloc..vec..Vec$LT$T$GT$$u20$as$u20$core..ops..drop.."
	  "Drop$GT$4drop17h1234567890abcdefE",
	  "<alloc::vec::Vec<T> as core::ops::drop::Drop>::drop",
	  "_$LT$alloc..vec..Vec$LT$T$GT$$u20$as$u20$core..ops..drop..Drop$GT$"
	  "::drop::h1234567890abcdef" },
	{ "_RNvCs1234_7mycrate3foo", "mycrate::foo",
	  "_RNvCs1234_7mycrate3foo" },
	{ "_ZW3mod3foov", "foo@mod()", NULL },
	{ "_Z1fDF16_", "f(_Float16)", NULL },
	{ "_Z1fDF32x", "f(_Float32x)", NULL },
	{ "_Z1fDF128_", "f(_Float128)", NULL },
	{ "_Z1fDF16b", "f(std::bfloat16_t)", NULL },
	{ "_ZGIW3mod", "initializer for module mod", NULL },
};

/* MANGLED as a report prints it, demangled or raw (caller frees). */
static char *
shown(const char *mangled)
{
	char *got = demangle(mangled);
	return got ? got : xstrdup(mangled);
}

static void
table(void)
{
	t_begin("demangle/as-gnu-2.40");
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		char *got = shown(names[i].mangled);
		if (strcmp(got, names[i].gnu) != 0)
			t_fail("%s printed as \"%s\", gprof 2.40 \"%s\"",
			       names[i].mangled, got, names[i].gnu);
		free(got);
	}
	t_end();
	t_begin("demangle/known-differences");
	for (size_t i = 0; i < ARRAY_SIZE(differs); i++) {
		char *got = shown(differs[i].mangled);
		bool ok = differs[i].ours
			      ? strcmp(got, differs[i].ours) == 0
			      : strcmp(got, differs[i].mangled) == 0 ||
				    strcmp(got, differs[i].gnu) == 0;
		if (!ok)
			t_fail("%s printed as \"%s\", want \"%s\"",
			       differs[i].mangled, got,
			       differs[i].ours ? differs[i].ours
					       : "the raw name or 2.40's");
		free(got);
	}
	t_end();
}

/* What newer demanglers print for constructs 2.40 leaves raw, and older
 * constructs spelled nearly so, which are not. */
static const struct {
	const char *text;
	bool beyond;
} texts[] = {
	{ "S::f(this S)", true },
	{ "MyClass::func(this MyClass const&)", true },
	{ "void S::g<S&>(this S&)", true },
	{ "void f<int>() requires C<int>", true },
	{ "Foo<double>::Foo<int>(int) requires requires { requires C<int>; }",
	  true },
	{ "f(short _Fract)", true },
	{ "f(unsigned long long _Accum)", true },
	{ "f(_Sat short _Fract)", true },
	{ "f(this_type)", false },
	{ "f(int, requires const&)", false },
	{ "requires(int)", false },
	{ "ns::requires::f()", false },
	{ "my_Fraction(int)", false },
	{ "f(_Fractal)", false },
	{ "decltype (this->x) f<int>()", false },
	{ "foo(int)", false },
};

static void
beyond(void)
{
	t_begin("demangle/beyond-gnu-2.40");
	for (size_t i = 0; i < ARRAY_SIZE(texts); i++)
		if (demangle_beyond_gnu(texts[i].text) != texts[i].beyond)
			t_fail("demangle_beyond_gnu(\"%s\") is %s",
			       texts[i].text,
			       texts[i].beyond ? "false" : "true");
	t_end();
}

T_MODULE(demangle)
{
	t_run("demangle", table);
	t_run("demangle", beyond);
}
