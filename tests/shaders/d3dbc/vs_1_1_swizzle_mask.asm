// vs_1_1: write masks, swizzles (short forms replicate the last letter), negation, def.
vs_1_1
def c10, 1, 0.5, -0.25, 0
dcl_position v0
mov r0, v0
mov r1.x, v0.y
mov r1.yz, -v0.zw
mov r1.w, v0.w
mov r2.xw, c10.wzyx
mov r2.yz, c10.xxyy
add r3, r1, r2.xyz
add r3, r3, -r0.yxwz
mov oPos, r3
