// vs_2_0: if/else/endif on boolean constants; defb true and false.
vs_2_0
defb b0, true
defb b15, false
dcl_position v0
mov r0, v0
if b0
add r0, r0, c0
else
if b15
mul r0, r0, c1
endif
endif
mov oPos, r0
