// ps_1_4: arithmetic: cmp, cnd, dp4, lrp, arbitrary write masks and swizzles.
ps_1_4
def c7, 0, 0.5, 1, 2
texld r0, t0
texld r1, t1
cmp r2, r0, r1, c7
cnd r3, r0, r1, c7
dp4 r4.x, r0, r1
dp3 r4.yz, r0, c6
lrp r5, c5, r0, r1
mov r5.xz, r4.wzyx
add r0, r2, r3
add r0, r0, r4
add r0, r0, r5
