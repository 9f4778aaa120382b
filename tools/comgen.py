#!/usr/bin/env python3
"""comgen — turns softd3d's interface description files (idl/*.idl) into C/C++ headers.

Why a generator: a C COM interface needs, per method, a vtable slot that repeats every inherited
method in order and a COBJMACROS macro for every method including inherited ones.  Writing that by
hand for ~1,000 methods invites slot-order mistakes (which silently call the wrong function).  Here
each method is written once, in declaration order; the generator derives the rest.

Input format (one .idl file -> one .h file of the same stem):
  * Any line outside an interface block is copied verbatim (C enums, structs, #defines...).
  * `import "name.idl";`   -> `#include "name.h"`, and the interfaces of that file become known
                              (needed when an interface derives from one declared there).
  * `interface Name;`      -> `typedef struct Name Name;` (forward declaration).
  * An interface block:
        [uuid(xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)]
        interface Name : Base
        {
            RET Method(TYPE a, TYPE *b);      one C prototype per method, may span lines
            RET Other(void);
        };
    Base is any interface declared earlier on the command line (IUnknown itself, in
    unknwn.idl, is the one interface without a base).
    `/* ... */` and `// ...` comments inside the block are ignored.

    A parameter may carry a C++ default argument, `UINT Flags = 0`: the C declaration drops it,
    the C++ one keeps it, for an interface whose SDK declaration has one (C has none; the
    D3D9, D3D11 and DXGI interfaces declared so far have none either).

Outputs (all into --outdir):
  * NAME.h for each input, with an include guard.  Per interface: the IID, then
      - for C++ (`__cplusplus` without `CINTERFACE`): `struct Name : public Base` with one pure
        virtual STDMETHODCALLTYPE method per IDL method, in IDL order.  With single inheritance,
        no data members and no virtual destructor, the Itanium C++ ABI lays the vtable out as the
        base's slots followed by the new methods in declaration order -- exactly the C vtable
        below -- and the object is one vtable pointer, so a C object (`{ lpVtbl }`) *is* the C++
        object: the same pointer works from both languages, with no adjustment.
      - otherwise (C, or C++ with CINTERFACE): the C vtable struct, `struct Name { lpVtbl; }` and
        the COBJMACROS macros, as the Windows SDK's C view has them.
        Non-virtual C++ extras (IUnknown's template QueryInterface) come from CXX_EXTRA.
      - for any C++: `SOFTD3D_UUID_DECL(Name, <IID>)`, the `__uuidof(Name)` specialisation.
  * (with --slot-test) softd3d_slot_table.c + softd3d_slot_test.cpp: the test that the C++
    vtables match the C ones (tests/meson.build; see emit_slot_test).
  * softd3d_com_stubs.c/.h (with --stubs): for every interface, a function
    `void comgen_fill_<Name>(struct <Name>Vtbl *v)` that fills each NULL slot with a stub
    that logs "Iface::Method is not implemented" once (through softd3d_log_unimplemented) and
    returns E_NOTIMPL (HRESULT methods) or a zero value (others).
    With `--locked Name`, also `comgen_lock_<Name>(locked)`: fills a vtable whose every method
    (but IUnknown's) calls the implementation's comgen_enter_<Name> (which gives the vtable to
    forward to), that method, and comgen_leave_<Name> (ID3D11Multithread's protection of the
    immediate context, src/d3d11/multithread.c).
"""
import argparse
import os
import re
import sys

UUID_RE = re.compile(r'^\s*\[\s*uuid\(\s*([0-9a-fA-F-]{36})\s*\)\s*\]\s*$')
IFACE_RE = re.compile(r'^\s*interface\s+(\w+)\s*(?::\s*(\w+))?\s*$')
FWD_RE = re.compile(r'^\s*interface\s+(\w+)\s*;\s*$')
IMPORT_RE = re.compile(r'^\s*import\s+"([\w.]+)\.idl"\s*;\s*$')
METHOD_RE = re.compile(r'^(.*?)\b(\w+)\s*\((.*)\)\s*$', re.S)


class Method:
    def __init__(self, ret, name, params):
        self.ret = ret
        self.name = name
        self.cxx_params = params                      # declarations, C++ default arguments kept
        self.params = [strip_default(p) for p in params]   # the C declarations
        self.names = [param_name(p) for p in self.params]


class Interface:
    def __init__(self, name, base, uuid, methods, src):
        self.name, self.base, self.uuid, self.methods, self.src = name, base, uuid, methods, src


def die(path, line, msg):
    sys.stderr.write('%s:%d: %s\n' % (path, line, msg))
    sys.exit(1)


def split_params(text):
    out, depth, cur = [], 0, ''
    for ch in text:
        if ch in '([':
            depth += 1
        elif ch in ')]':
            depth -= 1
        if ch == ',' and depth == 0:
            out.append(cur.strip())
            cur = ''
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    if out == ['void']:
        return []
    return out


def strip_default(decl):
    """`UINT Flags = 0` -> `UINT Flags` (C has no default arguments)."""
    depth = 0
    for k, ch in enumerate(decl):
        if ch in '([':
            depth += 1
        elif ch in ')]':
            depth -= 1
        elif ch == '=' and depth == 0:
            return decl[:k].strip()
    return decl


def param_name(decl):
    d = re.sub(r'\[[^\]]*\]\s*$', '', decl.strip()).strip()
    m = re.search(r'(\w+)\s*$', d)
    if not m:
        raise ValueError('cannot find parameter name in "%s"' % decl)
    return m.group(1)


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    return re.sub(r'//[^\n]*', ' ', text)


def parse(path, known):
    """Returns (list of output chunks, list of interfaces declared here)."""
    stem = os.path.splitext(os.path.basename(path))[0]
    lines = open(path, encoding='utf-8').read().split('\n')
    chunks, ifaces = [], []
    i, pending_uuid = 0, None
    while i < len(lines):
        line = lines[i]
        m = UUID_RE.match(line)
        if m:
            pending_uuid = m.group(1).lower()
            i += 1
            continue
        m = IMPORT_RE.match(line)
        if m:
            chunks.append('#include "%s.h"' % m.group(1))
            i += 1
            continue
        m = FWD_RE.match(line)
        if m:
            chunks.append('typedef struct %s %s;' % (m.group(1), m.group(1)))
            i += 1
            continue
        m = IFACE_RE.match(line)
        if m:
            name, base = m.group(1), m.group(2)
            if pending_uuid is None:
                die(path, i + 1, 'interface %s has no [uuid(...)] line before it' % name)
            if base is not None and base not in known:
                die(path, i + 1, 'unknown base interface %s' % base)
            start = i + 1
            i += 1
            while i < len(lines) and lines[i].strip() == '':
                i += 1
            if i >= len(lines) or lines[i].strip() != '{':
                die(path, i + 1, 'expected "{" after interface %s' % name)
            i += 1
            body = []
            while i < len(lines) and lines[i].strip() not in ('};', '}'):
                body.append(lines[i])
                i += 1
            if i >= len(lines):
                die(path, start, 'unterminated interface %s' % name)
            i += 1
            methods = []
            for proto in strip_comments('\n'.join(body)).split(';'):
                proto = ' '.join(proto.split())
                if not proto:
                    continue
                mm = METHOD_RE.match(proto)
                if not mm:
                    die(path, start, 'cannot parse method "%s" in %s' % (proto, name))
                ret = mm.group(1).strip()
                if not ret:
                    die(path, start, 'method "%s" in %s has no return type' % (proto, name))
                try:
                    methods.append(Method(ret, mm.group(2), split_params(mm.group(3))))
                except ValueError as e:
                    die(path, start, '%s (in %s)' % (e, name))
            iface = Interface(name, base, pending_uuid, methods, stem)
            pending_uuid = None
            ifaces.append(iface)
            known[name] = iface
            chunks.append(iface)
            continue
        if pending_uuid is not None and line.strip():
            die(path, i + 1, '[uuid] not followed by an interface')
        chunks.append(line)
        i += 1
    return chunks, ifaces


def all_methods(iface, known):
    chain = []
    cur = iface
    while cur is not None:
        chain.append(cur)
        cur = known.get(cur.base) if cur.base else None
    chain.reverse()
    return [(c.name, m) for c in chain for m in c.methods]


def guid_initializer(u):
    p = u.split('-')
    b = p[3] + p[4]
    return '0x%s, 0x%s, 0x%s, %s' % (p[0], p[1], p[2],
                                       ', '.join('0x' + b[k:k + 2] for k in range(0, 16, 2)))


def slot(iface, m):
    params = ', '.join(['%s *This' % iface.name] + m.params)
    return '    %s (STDMETHODCALLTYPE *%s)(%s);' % (m.ret, m.name, params)


# C++ members an interface has beyond its vtable methods (non-virtual, so the vtable is
# unchanged).  IUnknown's is the SDK's convenience overload: QueryInterface(&p) with the IID of
# p's type taken from __uuidof.
CXX_EXTRA = {
    'IUnknown': ['    template <class Q> HRESULT STDMETHODCALLTYPE QueryInterface(Q **pp)',
                 '    {',
                 '        return QueryInterface(__uuidof(Q), reinterpret_cast<void **>(pp));',
                 '    }'],
}


def emit_cxx_interface(iface):
    n = iface.name
    head = 'struct %s : public %s' % (n, iface.base) if iface.base else 'struct %s' % n
    out = [head, '{']
    for m in iface.methods:
        out.append('    virtual %s STDMETHODCALLTYPE %s(%s) = 0;' % (m.ret, m.name, ', '.join(m.cxx_params)))
    out += CXX_EXTRA.get(n, [])
    out.append('};')
    return out


def emit_interface(iface, known):
    n = iface.name
    out = ['', '/* ---- %s ---- */' % n,
           '#ifndef __%s_INTERFACE_DEFINED__' % n,
           '#define __%s_INTERFACE_DEFINED__' % n,
           'typedef struct %s %s;' % (n, n),
           'DEFINE_GUID(IID_%s, %s);' % (n, guid_initializer(iface.uuid)),
           '#if defined(__cplusplus) && !defined(CINTERFACE)']
    out += emit_cxx_interface(iface)
    out += ['#else', 'typedef struct %sVtbl {' % n, '    BEGIN_INTERFACE']
    last = None
    for owner, m in all_methods(iface, known):
        if owner != last:
            out.append('    /* %s */' % owner)
            last = owner
        out.append(slot(iface, m))
    out += ['    END_INTERFACE', '} %sVtbl;' % n,
            'struct %s { CONST_VTBL struct %sVtbl *lpVtbl; };' % (n, n),
            '#ifdef COBJMACROS']
    for _, m in all_methods(iface, known):
        args = ','.join(['This'] + m.names)
        out.append('#define %s_%s(%s) ((This)->lpVtbl->%s(%s))' % (n, m.name, args, m.name, args))
    out += ['#endif /* COBJMACROS */',
            '#endif /* C++ interface or C vtable */',
            '#ifdef __cplusplus',
            'SOFTD3D_UUID_DECL(%s, %s)' % (n, guid_initializer(iface.uuid)),
            '#endif',
            '#endif /* __%s_INTERFACE_DEFINED__ */' % n]
    return '\n'.join(out)


def emit_header(stem, chunks, known):
    guard = 'SOFTD3D_GENERATED_%s_H' % re.sub(r'\W', '_', stem).upper()
    out = ['/* Generated by tools/comgen.py from idl/%s.idl -- edit the .idl, not this file. */' % stem,
           '#ifndef %s' % guard, '#define %s' % guard]
    for c in chunks:
        out.append(emit_interface(c, known) if isinstance(c, Interface) else c)
    out.append('#endif /* %s */' % guard)
    return '\n'.join(out) + '\n'


def emit_stubs(ifaces, known, headers, locked=()):
    """Returns (C source, C header) of the E_NOTIMPL stubs and the comgen_fill_<Name> functions."""
    src = ['/* Generated by tools/comgen.py: E_NOTIMPL stubs for every interface method. */',
           '#include <string.h>'] + ['#include "%s.h"' % h for h in headers] + [
           '#include "softd3d_com_stubs.h"',
           'void softd3d_log_unimplemented(const char *iface_method);', '']
    hdr = ['/* Generated by tools/comgen.py.  comgen_fill_<Name>(vtbl) sets every NULL slot of a',
           ' * vtable to a stub that logs "Name::Method is not implemented" once and returns E_NOTIMPL',
           ' * (HRESULT methods) or zero (others), so an implementation lists only what it implements. */',
           '#ifndef SOFTD3D_COM_STUBS_H', '#define SOFTD3D_COM_STUBS_H']
    for iface in ifaces:
        n = iface.name
        fills = []
        for owner, m in all_methods(iface, known):
            fn = 'comgen_stub_%s_%s' % (n, m.name)
            params = ', '.join(['%s *This' % n] + m.params)
            body = ['    (void)This;'] + ['    (void)%s;' % a for a in m.names]
            body.append('    softd3d_log_unimplemented("%s::%s");' % (n, m.name))
            if m.ret == 'HRESULT':
                body.append('    return E_NOTIMPL;')
            elif m.ret != 'void':
                body += ['    %s zero;' % m.ret, '    memset(&zero, 0, sizeof(zero));', '    return zero;']
            src.append('static %s STDMETHODCALLTYPE %s(%s)\n{\n%s\n}' % (m.ret, fn, params, '\n'.join(body)))
            fills.append('    if (!v->%s) v->%s = %s;' % (m.name, m.name, fn))
        src.append('void comgen_fill_%s(struct %sVtbl *v)\n{\n%s\n}\n' % (n, n, '\n'.join(fills)))
        hdr.append('struct %sVtbl;' % n)
        hdr.append('void comgen_fill_%s(struct %sVtbl *v);' % (n, n))
    for n in locked:
        emit_locked(known[n], known, src, hdr)
    hdr.append('#endif')
    return '\n'.join(src) + '\n', '\n'.join(hdr) + '\n'


def emit_locked(iface, known, src, hdr):
    """(--locked Name) Appends comgen_lock_<Name>(locked): fills every slot of `locked` but
    IUnknown's with a wrapper that calls comgen_enter_<Name>(This, &real), then real->Method,
    then comgen_leave_<Name>(This, token) -- the implementation defines both hooks; enter returns
    the token and the vtable to forward to.  IUnknown's three methods are left to the caller:
    they need no lock, and the last Release may free the lock itself."""
    n = iface.name
    fills = []
    for owner, m in all_methods(iface, known):
        if owner == 'IUnknown':
            continue
        fn = 'comgen_locked_%s_%s' % (n, m.name)
        params = ', '.join(['%s *This' % n] + m.params)
        call = 'real->%s(%s)' % (m.name, ', '.join(['This'] + m.names))
        body = ['    const struct %sVtbl *real;' % n,
                '    int token = comgen_enter_%s(This, &real);' % n]
        if m.ret == 'void':
            body += ['    %s;' % call, '    comgen_leave_%s(This, token);' % n]
        else:
            body += ['    %s ret = %s;' % (m.ret, call), '    comgen_leave_%s(This, token);' % n,
                     '    return ret;']
        src.append('static %s STDMETHODCALLTYPE %s(%s)\n{\n%s\n}' % (m.ret, fn, params, '\n'.join(body)))
        fills.append('    locked->%s = %s;' % (m.name, fn))
    src.append('void comgen_lock_%s(struct %sVtbl *locked)\n{\n%s\n}\n' % (n, n, '\n'.join(fills)))
    hdr += ['struct %s;' % n,
            'int comgen_enter_%s(struct %s *This, const struct %sVtbl **real);' % (n, n, n),
            'void comgen_leave_%s(struct %s *This, int token);' % (n, n),
            'void comgen_lock_%s(struct %sVtbl *locked);' % (n, n)]


def emit_slot_test(ifaces, known, headers):
    """Returns (C source, C++ source) of the test that every C++ interface matches its C vtable.

    The C side states each slot as the C compiler lays it out: offsetof(NameVtbl, Method) /
    sizeof(void *).  The C++ side measures where a call through the C++ interface lands: a fake
    object whose vtable is an array of thunks, thunk k recording k and the `this` it received,
    and each method called once through a member-function pointer of its exact signature (with
    value-initialised arguments).  A method missing, reordered, added, of another signature,
    or a data member / second vtable pointer in the struct (static_assert on the size) fails.
    """
    ordered = [(i, all_methods(i, known)) for i in ifaces]
    rows = [(i.name, m.name) for i, ms in ordered for _, m in ms]
    decl = ['struct softd3d_slot { const char *iface, *method; unsigned slot; };',
            'extern const struct softd3d_slot softd3d_slot_table[];',
            'extern const unsigned softd3d_slot_count;']
    c = ['/* Generated by tools/comgen.py --slot-test: the C vtable slot of every method. */',
         '#include <stddef.h>'] + ['#include "%s.h"' % h for h in headers] + decl + [
         'const struct softd3d_slot softd3d_slot_table[] = {']
    for n, mname in rows:
        c.append('    { "%s", "%s", offsetof(%sVtbl, %s) / sizeof(void *) },' % (n, mname, n, mname))
    c += ['};', 'const unsigned softd3d_slot_count = %d;' % len(rows), '']
    most = max(len(ms) for _, ms in ordered)
    x = ['/* Generated by tools/comgen.py --slot-test: the C++ vtables against the C ones',
         ' * (emit_slot_test in comgen.py says how). */',
         '#include <type_traits>',
         '#include "harness.h"'] + ['#include "%s.h"' % h for h in headers] + [
         'extern "C" {'] + decl + ['}', '',
         'namespace {',
         'enum { SLOTS = %d };' % most,
         'int g_slot;',
         'const void *g_this;',
         '/* Called through a vtable slot whatever the method\'s signature: on the SysV x86-64 and',
         ' * AArch64 ABIs `this` arrives first and the caller cleans up, so the thunk may ignore',
         ' * the other arguments and its return value is never read as anything. */',
         'template <int N> struct thunk {',
         '    static void *fn(void *self) { g_slot = N; g_this = self; return nullptr; }',
         '};',
         'template <int N> struct fill {',
         '    static void run(void **v) { fill<N - 1>::run(v); v[N - 1] = reinterpret_cast<void *>(&thunk<N - 1>::fn); }',
         '};',
         'template <> struct fill<0> { static void run(void **) {} };',
         'void *g_vtbl[SLOTS];',
         'struct fake { void **vptr; } g_obj;',
         'template <typename T> struct value_of {',
         '    typedef typename std::remove_cv<typename std::remove_reference<T>::type>::type type;',
         '};',
         '/* The slot a call of pm lands in, or -2 when `this` arrived changed. */',
         'template <class C, class R, class... A> int slot_of(R (STDMETHODCALLTYPE C::*pm)(A...))',
         '{',
         '    C *p = reinterpret_cast<C *>(&g_obj);',
         '    g_slot = -1;',
         '    g_this = nullptr;',
         '    (p->*pm)(typename value_of<A>::type()...);',
         '    return g_this == static_cast<const void *>(&g_obj) ? g_slot : -2;',
         '}',
         'void check_slot(unsigned k, const char *iface, const char *method, int got)',
         '{',
         '    if (k >= softd3d_slot_count || strcmp(softd3d_slot_table[k].iface, iface) ||',
         '            strcmp(softd3d_slot_table[k].method, method)) {',
         '        harness_fail(__FILE__, __LINE__, "row %u is not %s::%s: tables out of step", k, iface, method);',
         '        return;',
         '    }',
         '    if (got != (int)softd3d_slot_table[k].slot)',
         '        harness_fail(__FILE__, __LINE__, "%s::%s: C++ virtual slot %d, C vtable slot %u", iface,',
         '                     method, got, softd3d_slot_table[k].slot);',
         '}',
         'void setup()',
         '{',
         '    fill<SLOTS>::run(g_vtbl);',
         '    g_obj.vptr = g_vtbl;',
         '}',
         '}', '']
    k = 0
    for iface, ms in ordered:
        n = iface.name
        x += ['TEST(cxx_vtable_%s)' % n, '{', '    typedef %s I;' % n,
              '    static_assert(sizeof(I) == sizeof(void *), "%s: one vtable pointer, no data");' % n,
              '    static_assert(std::is_polymorphic<I>::value && std::is_abstract<I>::value, "%s");' % n]
        if iface.base:
            x.append('    static_assert(std::is_base_of<%s, I>::value, "%s derives from %s");'
                     % (iface.base, n, iface.base))
        x += ['    I *ptr = nullptr;',
              '    CHECK(__uuidof(I) == IID_%s && __uuidof(ptr) == IID_%s);' % (n, n),
              '    setup();']
        for _, m in ms:
            pm = 'static_cast<%s (STDMETHODCALLTYPE I::*)(%s)>(&I::%s)' % (m.ret, ', '.join(m.params), m.name)
            x.append('    check_slot(%d, "%s", "%s", slot_of(%s));' % (k, n, m.name, pm))
            k += 1
        x += ['}', '']
    x += ['TEST(cxx_vtable_table_complete)', '{',
          '    CHECK_EQ(softd3d_slot_count, %d);' % k, '}', '']
    return '\n'.join(c), '\n'.join(x)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--outdir', required=True)
    ap.add_argument('--stubs', action='store_true', help='also write softd3d_com_stubs.c/.h')
    ap.add_argument('--stubs-only', action='store_true', help='write only softd3d_com_stubs.c/.h')
    ap.add_argument('--slot-test', action='store_true',
                    help='write only softd3d_slot_table.c and softd3d_slot_test.cpp')
    ap.add_argument('--locked', action='append', default=[], metavar='NAME',
                    help='with the stubs: also write comgen_lock_NAME (locking wrappers)')
    ap.add_argument('idl', nargs='+')
    a = ap.parse_args()
    known = {}
    parsed = []
    # Files are processed in dependency order: the caller lists them so that bases come first.
    for path in a.idl:
        chunks, ifaces = parse(path, known)
        parsed.append((path, chunks, ifaces))
    os.makedirs(a.outdir, exist_ok=True)

    def write(name, text):
        dst = os.path.join(a.outdir, name)
        if os.path.exists(dst) and open(dst, encoding='utf-8').read() == text:
            return
        with open(dst, 'w', encoding='utf-8') as f:
            f.write(text)

    if a.slot_test:
        allif = [i for _, _, ifs in parsed for i in ifs]
        stems = [os.path.splitext(os.path.basename(p))[0] for p, _, _ in parsed]
        c_src, cxx_src = emit_slot_test(allif, known, stems)
        write('softd3d_slot_table.c', c_src)
        write('softd3d_slot_test.cpp', cxx_src)
        return
    if not a.stubs_only:
        for path, chunks, _ in parsed:
            stem = os.path.splitext(os.path.basename(path))[0]
            write(stem + '.h', emit_header(stem, chunks, known))
    if a.stubs or a.stubs_only:
        allif = [i for _, _, ifs in parsed for i in ifs]
        stems = [os.path.splitext(os.path.basename(p))[0] for p, _, _ in parsed]
        c_src, c_hdr = emit_stubs(allif, known, stems, a.locked)
        write('softd3d_com_stubs.c', c_src)
        write('softd3d_com_stubs.h', c_hdr)


if __name__ == '__main__':
    main()
