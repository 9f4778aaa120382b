// vs_4_0: subroutines: call, callc_nz, label, ret, retc_z.
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 2
mov r0.xyzw, v0.xyzw
call l0
lt r1.x, r0.w, l(0)
callc_nz r1.x, l1
mov o0.xyzw, r0.xyzw
ret
label l0
mul r0.xyzw, r0.xyzw, l(2.000000)
ret
label l1
ne r1.y, r0.x, r0.x
retc_z r1.y
mov r0.xyzw, l(0, 0, 0, 1.000000)
ret
