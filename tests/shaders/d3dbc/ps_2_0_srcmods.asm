// ps_2_0: negate, abs and negated abs on sources, with swizzles.
ps_2_0
dcl t0
mov r0, -t0
add r0, r0, t0_abs
add r0, r0, -t0_abs.x
add r0, r0, -c0.wzyx
mov oC0, r0
