// ps_2_x: static flow control: rep, if on booleans, else, defi and defb.
ps_2_x
defi i0, 3, 0, 0, 0
defb b0, true
defb b1, false
dcl t0
mov r0, t0
rep i0
if b0
add r0, r0, c0
else
mul r0, r0, c1
endif
endrep
if b1
mov r0, c2
endif
mov oC0, r0
