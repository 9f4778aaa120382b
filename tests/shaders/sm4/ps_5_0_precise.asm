// ps_5_0: precise components on arithmetic (bits 19-22 of the opcode token).
ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 1
mad [precise(xyzw)] r0.xyzw, v1.xyzw, v1.wzyx, l(1.000000)
mul [precise(yw)] r0.yw, r0.yyyw, r0.xxxz
add_sat [precise(x)] o0.x, r0.x, r0.y
mov o0.yzw, r0.yyzw
ret
