// vs_4_0: switch with cases, a shared case body, default, and break.
vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 2
ftoi r0.x, v0.w
switch r0.x
  case l(0)
    mov r1.xyzw, l(1.000000, 0, 0, 1.000000)
    break
  case l(1)
  case l(2)
    mov r1.xyzw, l(0, 1.000000, 0, 1.000000)
    break
  default
    mov r1.xyzw, v0.xyzw
    break
endswitch
mov o0.xyzw, r1.xyzw
ret
