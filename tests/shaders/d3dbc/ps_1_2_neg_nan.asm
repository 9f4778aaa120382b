// ps_1_2: a negated NaN (found by fuzz_jit): texm3x2pad's dot product of a sampled value can be
// NaN; the interpreter stores it canonical (0x7fc00000) and the negate modifier makes it
// 0xffc00000 -- the JIT, which settles NaN payloads late, must negate the canonical form too.
ps_1_2
tex t0
texm3x2pad t2, t0
mov r0, -t2
