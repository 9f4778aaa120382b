// ps_2_0: texld, texldp (projected) and texldb (biased), from t# and from r#.
ps_2_0
dcl t0
dcl_2d s0
texld r0, t0, s0
texldp r1, t0, s0
texldb r2, t0, s0
texld r3, r0, s0
add r0, r0, r1
add r0, r0, r2
add r0, r0, r3
mov oC0, r0
