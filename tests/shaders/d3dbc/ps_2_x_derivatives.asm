// ps_2_x: dsx, dsy and texldd with explicit gradients.
ps_2_x
dcl t0
dcl_2d s0
dsx r0, t0
dsy r1, t0
texldd r2, t0, s0, r0, r1
dsx_pp r3.xy, t0
add r2.xy, r2, r3
mov oC0, r2
