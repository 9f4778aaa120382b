// vs_2_0: rep/endrep with an integer constant, nested.
vs_2_0
defi i3, 3, 0, 0, 0
defi i15, 255, 0, 0, 0
dcl_position v0
mov r0, v0
rep i3
add r0, r0, c0
rep i15
mul r0, r0, c1
endrep
endrep
mov oPos, r0
