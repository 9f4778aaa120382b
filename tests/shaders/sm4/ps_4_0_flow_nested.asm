// ps_4_0: nested flow control: a loop holding a switch holding an if, and retc.
ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 3
mov r0.xyzw, l(0, 0, 0, 0)
mov r1.x, l(0)
loop
  uge r1.y, r1.x, l(4)
  breakc_nz r1.y
  switch r1.x
    case l(0)
      lt r1.z, v1.x, l(0.500000)
      if_nz r1.z
        add r0.x, r0.x, v1.x
      else
        add r0.y, r0.y, v1.y
      endif
      break
    case l(3)
      mov r0.w, l(1.000000)
      break
    default
      add r0.z, r0.z, l(0.125000)
      break
  endswitch
  iadd r1.x, r1.x, l(1)
endloop
mov o0.xyzw, r0.xyzw
eq r2.x, v1.w, l(0)
retc_nz r2.x
mov o0.w, v1.w
ret
